import type { Metadata } from 'next'
import { priceListOf, wizardChoices } from '@/catalog/wizard-choices'
import { CartView } from '@/components/cart/CartView'
import { cartLabels } from '@/components/cart/labels'
import { requestTranslation } from '@/i18n/request-locale'
import { checkCatalogCartItem } from '@/sales/cart-item'
import { payloadClient } from '@/site/payload'

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await requestTranslation()
  return { title: t('cart.title'), robots: { index: false } }
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

/**
 * The cart (spec sections 2 and 4). It lives in the browser, so the page brings only the names
 * and labels to show for the stored slugs; the items render on the client. An album page's buy
 * form lands here with `?add={kind}&id={id}&amount={euros}` (POST /api/cart/items/): the item is
 * checked once more and handed to the cart to store; a link with a made-up amount adds nothing.
 */
export default async function CartPage({ searchParams }: Props) {
  const payload = await payloadClient()
  const { locale, t } = await requestTranslation()
  const query = await searchParams
  const checked = query.add ? await checkCatalogCartItem(payload, { kind: query.add, id: query.id, amount: query.amount }, locale) : null
  const adding = checked?.ok ? { ...checked.value, id: `${checked.value.kind}-${checked.value.id}`, itemId: checked.value.id } : null
  const choices = await wizardChoices(payload, locale)
  const { packages, useTypes, focusThemes } = choices
  return (
    <>
      <h1>{t('cart.title')}</h1>
      <div className="browser-filled">
        <CartView
          locale={locale}
          labels={cartLabels(t)}
          packageNames={Object.fromEntries(packages.map((pkg) => [pkg.slug, pkg.name]))}
          useTypes={Object.fromEntries(useTypes.map((useType) => [useType.slug, { label: useType.label, icon: useType.icon }]))}
          themes={Object.fromEntries(focusThemes.map((theme) => [theme.slug, { label: theme.label, icon: theme.icon }]))}
          prices={priceListOf(choices)}
          adding={adding}
        />
      </div>
    </>
  )
}
