import type { DefaultServerCellComponentProps } from 'payload'
import { customerById } from './lookups'

/** Orders list: who ordered, by username and e-mail address. */
export async function CustomerCell({ cellData, payload }: DefaultServerCellComponentProps) {
  const id = typeof cellData === 'object' && cellData !== null ? (cellData as { id: number }).id : Number(cellData)
  const customer = Number.isSafeInteger(id) ? await customerById(payload, id) : null
  if (!customer) return null
  return (
    <span className="shop-customer">
      {customer.username}
      <br />
      <small>{customer.email}</small>
    </span>
  )
}
