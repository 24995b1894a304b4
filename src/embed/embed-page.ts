import { escapeHtml } from '@/http/escape-html'
import type { Locale } from '@/i18n/locales'
import { formatDuration } from '@/player/format-duration'
import { type EmbedContent, WAVE_BOX } from './embed-content'
import { embedPlayer } from './embed-player-script'

export type EmbedTexts = {
  /** The shop's name (the link's "Auf … anhören / kaufen", the artist line). */
  shop: string
  listenOn: string
  play: string
  pause: string
  seek: string
  trackList: string
  coverOf: string
}

export type EmbedPageInput = {
  content: EmbedContent
  locale: Locale
  texts: EmbedTexts
  /** This response's CSP nonce (src/proxy.ts), on the one <style> and the one <script>. */
  nonce: string
  /** Absolute URL of the album page (or the music page for a track in no album). */
  shopUrl: string
  /** The page's oEmbed discovery link. */
  oembedUrl: string
}

/** Light and dark like the storefront (its colours), laid out for any frame from 280 px wide and 150 px high. */
const STYLE = `
:root{--bg:#fffdf9;--fg:#1d2a2e;--muted:#55666b;--line:#e0d8cc;--accent:#2a6d65;--wave:#c9d6d3;color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--bg:#172125;--fg:#e7eeef;--muted:#a3b3b7;--line:#2a383d;--accent:#74c7bb;--wave:#3a4c51}}
*{box-sizing:border-box}html,body{margin:0;height:100%}
body{background:var(--bg);color:var(--fg);font:14px/1.4 ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;overflow:hidden}
main{display:flex;flex-direction:column;height:100%;padding:12px;gap:8px;border:1px solid var(--line);border-radius:12px}
.head{display:flex;gap:12px;align-items:center;min-width:0}
.cover{width:72px;height:72px;border-radius:8px;object-fit:cover;flex:none;background:var(--line)}
.info{flex:1;min-width:0}.info p,.info h1{margin:0;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.artist,.album{color:var(--muted);font-size:12px}h1{font-size:16px;font-weight:600}
.play{flex:none;width:48px;height:48px;border-radius:50%;border:0;background:var(--accent);color:var(--bg);cursor:pointer;display:grid;place-items:center}
.play svg{width:22px;height:22px;fill:currentColor}.play .pause,.play[data-playing=true] .start{display:none}.play[data-playing=true] .pause{display:block}
.seek{display:flex;align-items:center;gap:8px}.wave{flex:1;height:40px;cursor:pointer;border-radius:4px}
.wave svg{display:block;width:100%;height:100%}.wave .back{fill:var(--wave)}.wave .front{fill:var(--accent)}
.time{font-size:12px;color:var(--muted);font-variant-numeric:tabular-nums;white-space:nowrap}
ol{list-style:none;margin:0;padding:0;overflow:auto;flex:1;border-top:1px solid var(--line)}
ol button{display:flex;width:100%;gap:8px;padding:6px 4px;border:0;border-bottom:1px solid var(--line);background:none;color:inherit;font:inherit;text-align:left;cursor:pointer}
ol button[aria-current=true]{color:var(--accent);font-weight:600}ol .n{color:var(--muted);min-width:1.5em}ol .t{flex:1;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}ol .d{color:var(--muted)}
.shop{font-size:12px;color:var(--accent);font-weight:600;text-decoration:underline;margin-top:auto}
:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
@media (max-height:200px){ol{display:none}}
`
  .trim()
  .replace(/\n/g, '')

const PLAY_ICON = '<svg class="start" viewBox="0 0 24 24" aria-hidden="true"><path d="M8 5v14l11-7z"/></svg>'
const PAUSE_ICON = '<svg class="pause" viewBox="0 0 24 24" aria-hidden="true"><path d="M6 5h4v14H6zm8 0h4v14h-4z"/></svg>'

/**
 * The embed page (/embed/{track|album}/{id}, /en/embed/…) as one HTML document written on the
 * server: cover, title, play button, waveform seek bar, the album's track list and the link to
 * the album page. Every value from the catalog is escaped. Its only script is embedPlayer.
 */
export function renderEmbedPage({ content, locale, texts, nonce, shopUrl, oembedUrl }: EmbedPageInput): string {
  const first = content.tracks[0]!
  const attribute = (value: string | number) => `"${escapeHtml(String(value))}"`
  const cover = content.cover
    ? `<img class="cover" src=${attribute(content.cover.small.url)} width="72" height="72" alt=${attribute(texts.coverOf)}>`
    : '<span class="cover" aria-hidden="true"></span>'
  const albumLine = content.kind === 'track' && content.album ? `<p class="album">${escapeHtml(content.album.title)}</p>` : ''
  const tracks = content.tracks
    .map(
      (track, index) =>
        `<li><button type="button" data-track data-src=${attribute(track.audio)} data-title=${attribute(track.title)} ` +
        `data-duration=${attribute(track.duration ?? 0)} data-wave=${attribute(track.wave)}>` +
        `<span class="n">${index + 1}</span><span class="t">${escapeHtml(track.title)}</span><span class="d">${formatDuration(track.duration)}</span></button></li>`,
    )
    .join('')
  // One track: its single row plays it like the play button, so it stays hidden.
  const list = `<ol aria-label=${attribute(texts.trackList)}${content.tracks.length === 1 ? ' hidden' : ''}>${tracks}</ol>`
  const wave =
    `<svg viewBox="0 0 ${WAVE_BOX.width} ${WAVE_BOX.height}" preserveAspectRatio="none" aria-hidden="true">` +
    `<defs><clipPath id="played"><rect data-progress x="0" y="0" width="0" height="${WAVE_BOX.height}"/></clipPath></defs>` +
    `<path class="back" data-wave-path d=${attribute(first.wave)}/><path class="front" data-wave-path clip-path="url(#played)" d=${attribute(first.wave)}/></svg>`
  return (
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${escapeHtml(`${content.title} – ${texts.shop}`)}</title>` +
    `<link rel="alternate" type="application/json+oembed" href=${attribute(oembedUrl)}>` +
    `<style nonce=${attribute(nonce)}>${STYLE}</style></head><body>` +
    `<main data-embed><div class="head">${cover}<div class="info"><p class="artist">${escapeHtml(texts.shop)}</p>` +
    `<h1 data-now>${escapeHtml(first.title)}</h1>${albumLine}</div>` +
    `<button type="button" class="play" data-playing="false" aria-label=${attribute(texts.play)} data-play=${attribute(texts.play)} data-pause=${attribute(texts.pause)}>${PLAY_ICON}${PAUSE_ICON}</button></div>` +
    `<div class="seek"><div class="wave" data-seek data-width="${WAVE_BOX.width}" role="slider" tabindex="0" aria-label=${attribute(texts.seek)} ` +
    `aria-valuemin="0" aria-valuemax="${Math.floor(first.duration ?? 0)}" aria-valuenow="0">${wave}</div>` +
    `<span class="time" data-time>0:00 / ${formatDuration(first.duration)}</span></div>` +
    `${list}<a class="shop" href=${attribute(shopUrl)} target="_blank" rel="noopener">${escapeHtml(texts.listenOn)}</a></main>` +
    `<audio data-audio preload="none"></audio>` +
    `<script nonce=${attribute(nonce)}>(${embedPlayer.toString()})()</script></body></html>`
  )
}
