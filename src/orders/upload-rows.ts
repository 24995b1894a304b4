import type { Order } from '../../payload-types'
import { idOf } from '@/site/relation-id'

/** One file of an order: a customer's recording or a song the seller delivered. */
export type UploadRow = NonNullable<Order['uploads']>[number]

/** The audio file's id of an upload row, whether the row came populated or not. */
export const audioIdOf = (row: UploadRow): number => idOf(row.audio)
