import { sameOriginWrites } from '@/app/api/_adapters/write-guard'
import { answer, internalError } from '@/http/answer'
import { visitorLocale } from '@/http/content-locale'
import { isLocale } from '@/i18n/locales'
import { checkCatalogCartItem } from '@/sales/cart-item'
import { payloadClient } from '@/site/payload'
import { readFormOrJson, seeOther } from '../../_adapters/form-route'

/**
 * POST /api/cart/items/: an album or a track for the cart (issue 33), `{ kind, id, amount }`. The
 * cart lives in the browser; this checks on the server what it may hold (published, for sale, the
 * amount within the offer) and stores nothing. JSON is answered with the checked item; the album
 * page's plain form with a redirect to the cart page, which checks the item again and adds it.
 */
export const POST = sameOriginWrites(async (request: Request): Promise<Response> => {
  const input = await readFormOrJson(request)
  if (!input.ok) return answer(input)
  const { fields, fromForm } = input.value
  const locale = isLocale(fields.locale) ? fields.locale : visitorLocale(request)
  try {
    const checked = await checkCatalogCartItem(await payloadClient(), fields, locale)
    if (!checked.ok) return answer(checked)
    const item = checked.value
    if (fromForm) return seeOther(`/cart?add=${item.kind}&id=${item.id}&amount=${item.amount.toFixed(2)}`)
    return answer({ ok: true, value: { item } })
  } catch (error) {
    return internalError(error, 'POST /api/cart/items/')
  }
})
