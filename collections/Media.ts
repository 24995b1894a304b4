import type { CollectionConfig } from 'payload'
import { IMAGES_DIR } from '../src/config/paths'
import { isAdmin } from './access/isAdmin'
import { releasedImageOrSeller } from './access/releasedImageOrSeller'
import { plainUploadName } from './hooks/plainUploadName'
import { serveFromMediaRoute } from './hooks/serveFromMediaRoute'
import { catalogChangeHooks } from './hooks/announceCatalogChange'

/** Images (covers, portraits, news pictures); sharp renders the sizes the storefront asks for. */
export const Media: CollectionConfig = {
  slug: 'media',
  labels: {
    singular: { de: 'Bild', en: 'Image' },
    plural: { de: 'Bilder', en: 'Images' },
  },
  admin: { group: { de: 'Medien', en: 'Media' } },
  access: { read: releasedImageOrSeller, create: isAdmin, update: isAdmin, delete: isAdmin },
  upload: {
    staticDir: IMAGES_DIR,
    mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'],
    focalPoint: true,
    imageSizes: [
      { name: 'thumbnail', width: 160, height: 160, formatOptions: { format: 'webp', options: { quality: 80 } } },
      { name: 'card', width: 480, height: 480, formatOptions: { format: 'webp', options: { quality: 82 } } },
      { name: 'large', width: 1200, formatOptions: { format: 'webp', options: { quality: 82 } } },
    ],
    adminThumbnail: 'thumbnail',
  },
  hooks: { beforeOperation: [plainUploadName], afterRead: [serveFromMediaRoute('images')], ...catalogChangeHooks('media') },
  fields: [
    {
      name: 'alt',
      label: { de: 'Alternativtext', en: 'Alternative text' },
      type: 'text',
      localized: true,
      required: true,
      admin: { description: { de: 'Beschreibt das Bild für Screenreader.', en: 'Describes the image for screen readers.' } },
    },
  ],
}
