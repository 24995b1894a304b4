import type { Metadata } from 'next'
import type { ReactNode } from 'react'
import './globals.css'

export const metadata: Metadata = {
  title: { default: 'Lina Sommer – Entspannungsmusik', template: '%s · Lina Sommer' },
  description: 'Entspannungsmusik zum Anhören und Wunschsongs, komponiert für dich.',
}

export default function FrontendLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="de">
      <body>{children}</body>
    </html>
  )
}
