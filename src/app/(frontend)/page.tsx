import config from '@payload-config'
import { getPayload } from 'payload'

export const dynamic = 'force-dynamic'

/** Home page; the full storefront (hero, package chooser, category grid, player) follows in its own issue. */
export default async function HomePage() {
  const payload = await getPayload({ config })
  const packages = await payload.find({
    collection: 'packages',
    locale: 'de',
    sort: '_order',
    depth: 0,
    pagination: false,
    overrideAccess: false,
  })
  return (
    <main>
      <h1>Lina Sommer – Entspannungsmusik</h1>
      <p>Musik zum Durchatmen – und Wunschsongs, komponiert nur für dich.</p>
      <h2>Wunschsong-Pakete</h2>
      <ul>
        {packages.docs.map((pkg) => (
          <li key={pkg.id}>
            {pkg.name}: {new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(pkg.price)}
          </li>
        ))}
      </ul>
    </main>
  )
}
