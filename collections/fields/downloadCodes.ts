import type { UIField } from 'payload'

/** The sidebar's "Download-Codes" of an album or track (src/components/admin/download-codes/DownloadCodesField.tsx). */
export const downloadCodesField: UIField = {
  name: 'download_codes',
  type: 'ui',
  admin: { position: 'sidebar', components: { Field: '/src/components/admin/download-codes/DownloadCodesField#DownloadCodesField' } },
}
