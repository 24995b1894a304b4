import type { Metadata } from 'next'
import type { ReactNode } from 'react'

// The reference of `npm run bench:pages`: what Next and React cost on their own (issue 29).
// No code of the shop's: only what a page needs to score 100 for accessibility, best practices and SEO.
export const metadata: Metadata = {
  title: 'Bare Next page',
  description: 'A bare Next App Router page, the reference the storefront pages are measured against.',
}

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
