'use client'

import { Button, useDocumentInfo, useFormFields, useTranslation } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'

const TEXTS = {
  de: {
    title: 'Datenschutz (DSGVO)',
    export: 'Daten exportieren (DSGVO)',
    exportHint: 'ZIP mit data.json, Aufnahmen, gelieferten Songs und Rechnungen.',
    anonymise: 'Kundendaten anonymisieren',
    anonymiseHint:
      'Nur wenn keine Bestellung mehr offen ist. Bestellungen und Rechnungen bleiben für die Aufbewahrungsfrist (8 Jahre) mit Rechnungsname und -anschrift; Konto, Aufnahmen, persönliche Nachrichten, eigene Themen, Kontaktnachrichten und E-Mail-Protokoll werden entfernt.',
    confirm: 'Die persönlichen Daten dieses Kunden werden endgültig entfernt. Fortfahren?',
    done: 'Die Kundendaten sind anonymisiert.',
    anonymised: 'Anonymisiert am',
    failed: 'Das hat nicht geklappt:',
    refusals: {
      orders_open: 'Noch offene Bestellungen (Nr. {orders}): Die Daten können entfernt werden, sobald jede Bestellung abgeschlossen, storniert oder erstattet ist.',
      already_anonymised: 'Die Daten dieses Kunden sind bereits anonymisiert.',
      not_a_customer: 'Nur die Daten eines Kunden lassen sich anonymisieren.',
      no_such_customer: 'Diesen Kunden gibt es nicht.',
    },
  },
  en: {
    title: 'Data protection (GDPR)',
    export: 'Export data (GDPR)',
    exportHint: 'ZIP with data.json, recordings, delivered songs and invoices.',
    anonymise: 'Anonymise customer data',
    anonymiseHint:
      'Only once no order is open. Orders and invoices stay for the retention period (8 years) with billing name and address; the account, recordings, personal notes, custom themes, contact messages and the mail log are removed.',
    confirm: "This customer's personal data will be removed for good. Continue?",
    done: "The customer's data are anonymised.",
    anonymised: 'Anonymised on',
    failed: 'That did not work:',
    refusals: {
      orders_open: 'Orders still open (no. {orders}): the data can be removed once every order is completed, cancelled or refunded.',
      already_anonymised: "This customer's data are already anonymised.",
      not_a_customer: "Only a customer's data can be anonymised.",
      no_such_customer: 'There is no such customer.',
    },
  },
}

type Refusal = { code?: keyof (typeof TEXTS)['de']['refusals']; orders?: number[]; detail?: string }

type State = { kind: 'idle' | 'busy' | 'done' } | { kind: 'failed'; detail: string }

/** In a customer's sidebar: the GDPR export (a download) and the anonymisation (src/gdpr/). */
export function CustomerDataActions() {
  const { id } = useDocumentInfo()
  const { i18n } = useTranslation()
  const router = useRouter()
  const role = useFormFields(([fields]) => fields.role?.value)
  const anonymisedAt = useFormFields(([fields]) => fields.anonymised_at?.value) as string | undefined
  const texts = i18n.language === 'en' ? TEXTS.en : TEXTS.de
  const [state, setState] = useState<State>({ kind: 'idle' })
  if (id === undefined || role !== 'customer') return null

  async function anonymise() {
    if (!window.confirm(texts.confirm)) return
    setState({ kind: 'busy' })
    const response = await fetch(`/api/cms/users/${id}/anonymise`, { method: 'POST', credentials: 'include' })
    if (response.ok) {
      setState({ kind: 'done' })
      router.refresh()
      return
    }
    const body = (await response.json().catch(() => ({}))) as Refusal
    const worded = body.code && texts.refusals[body.code]?.replace('{orders}', (body.orders ?? []).join(', '))
    setState({ kind: 'failed', detail: worded || `${texts.failed} ${body.detail ?? response.statusText}` })
  }

  return (
    <section aria-label={texts.title} style={{ margin: 'calc(var(--base) * 1.5) 0' }}>
      <h3 style={{ marginBottom: 'calc(var(--base) / 2)' }}>{texts.title}</h3>
      <a className="btn btn--style-secondary btn--size-medium" href={`/api/cms/users/${id}/export`} download>
        {texts.export}
      </a>
      <p className="field-description">{texts.exportHint}</p>
      {anonymisedAt ? (
        <p>
          {texts.anonymised} {new Date(anonymisedAt).toLocaleDateString(i18n.language === 'en' ? 'en-GB' : 'de-DE')}
        </p>
      ) : (
        <>
          <Button buttonStyle="secondary" disabled={state.kind === 'busy' || state.kind === 'done'} onClick={anonymise}>
            {texts.anonymise}
          </Button>
          <p className="field-description">{texts.anonymiseHint}</p>
        </>
      )}
      <p role="status">{state.kind === 'done' ? texts.done : state.kind === 'failed' ? state.detail : ''}</p>
    </section>
  )
}
