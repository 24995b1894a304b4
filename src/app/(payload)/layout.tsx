import { payloadConfig } from '@/site/payload'
import '@payloadcms/next/css'
import { handleServerFunctions, RootLayout } from '@payloadcms/next/layouts'
import type { ServerFunctionClient } from 'payload'
import type { ReactNode } from 'react'
import { refuseAllButTheSeller } from '@/components/admin/seller-only-server-functions'
import { importMap } from './admin/importMap.js'
import './custom.css'

const config = payloadConfig()

const serverFunction: ServerFunctionClient = async function (args) {
  'use server'
  await refuseAllButTheSeller(config, importMap)
  return handleServerFunctions({ ...args, config, importMap })
}

export default function PayloadLayout({ children }: { children: ReactNode }) {
  return (
    <RootLayout config={config} importMap={importMap} serverFunction={serverFunction}>
      {children}
    </RootLayout>
  )
}
