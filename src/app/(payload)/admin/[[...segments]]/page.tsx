import { payloadConfig } from '@/site/payload'
import { generatePageMetadata, RootPage } from '@payloadcms/next/views'
import type { Metadata } from 'next'
import { importMap } from '../importMap.js'

const config = payloadConfig()

type Args = {
  params: Promise<{ segments: string[] }>
  searchParams: Promise<{ [key: string]: string | string[] }>
}

export const generateMetadata = ({ params, searchParams }: Args): Promise<Metadata> => generatePageMetadata({ config, params, searchParams })

export default function AdminPage({ params, searchParams }: Args) {
  return RootPage({ config, params, searchParams, importMap })
}
