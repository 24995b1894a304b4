import type { CollectionConfig } from 'payload'
import { publishedOrSeller } from '../access/publishedOrSeller'
import { scheduledReleases } from '../fields/scheduledReleases'
import { isAdmin } from '../access/isAdmin'
import { youTubeField } from './fields/youtube'
import { catalogChangeHooks } from '../hooks/announceCatalogChange'
import { withMailingOnPublish } from '../hooks/startWaitingMailing'
import { sendToFollowersField } from '../fields/sendToFollowers'
import { storefrontPreview } from '../fields/storefrontPreview'
import { withOtherLanguage } from '../fields/otherLanguage'

export const News: CollectionConfig = {
  slug: 'news',
  labels: {
    singular: { de: 'Neuigkeit', en: 'News article' },
    plural: { de: 'Neuigkeiten', en: 'News' },
  },
  defaultSort: '-date',
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'date', 'is_new'],
    group: { de: 'Inhalte', en: 'Content' },
    preview: storefrontPreview('news'),
  },
  access: { read: publishedOrSeller, readVersions: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  versions: scheduledReleases,
  hooks: withMailingOnPublish(catalogChangeHooks('news'), 'news'),
  fields: [
    sendToFollowersField,
    withOtherLanguage({ name: 'title', label: { de: 'Titel', en: 'Title' }, type: 'text', required: true, localized: true }),
    { name: 'image', label: { de: 'Bild', en: 'Image' }, type: 'upload', relationTo: 'media' },
    withOtherLanguage({ name: 'category', label: { de: 'Rubrik', en: 'Section' }, type: 'text', localized: true }),
    {
      name: 'date',
      label: { de: 'Datum', en: 'Date' },
      type: 'date',
      required: true,
      defaultValue: () => new Date().toISOString(),
      index: true,
    },
    { name: 'content', label: { de: 'Text', en: 'Text' }, type: 'richText', localized: true },
    { name: 'is_new', label: { de: 'Als neu markieren', en: 'Mark as new' }, type: 'checkbox', defaultValue: false },
    youTubeField(),
  ],
}
