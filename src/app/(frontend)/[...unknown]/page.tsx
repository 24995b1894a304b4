import { notFound } from 'next/navigation'

/** Any other path: the storefront's own 404 page, inside the site's layout. */
export default function UnknownPage(): never {
  notFound()
}
