import type { Payload } from 'payload'
import type { ArtSpec } from './cover-art'
import { ensureDocument, type Localized } from './documents'
import { bold, bulletList, heading, image as imageNode, link, paragraph, type RichTextDocument, richText } from '../../src/rich-text/lexical-json'
import { ensureImage } from './uploads'

type NewsSeed = {
  title: Localized
  category: Localized
  date: string
  is_new: boolean
  youtube?: string
  image: ArtSpec
  /** A picture placed in the text after its first heading, to show the editor's image feature. */
  inlineImage?: ArtSpec
  content: Localized<RichTextDocument>
}

/** Newest first; only the newest is marked as new. */
const NEWS: NewsSeed[] = [
  {
    title: { de: 'Neue Single: Atemzug', en: 'New single: One Breath' },
    category: { de: 'Neuerscheinung', en: 'New release' },
    date: '2026-11-14T09:00:00.000Z',
    is_new: true,
    image: { seed: 'news-atemzug', palette: 'dawn', motif: 'dunes', shape: 'wide' },
    content: {
      de: richText(
        paragraph(
          'Manchmal genügt eine halbe Minute, um wieder bei dir anzukommen. Genau dafür ist ',
          bold('Atemzug'),
          ' entstanden: ein kurzes Stück für zwischendurch – zwischen zwei Terminen, vor dem Einschlafen oder einfach am offenen Fenster.',
        ),
        heading('h2', 'Wie das Stück entstanden ist'),
        paragraph(
          'Die Idee kam mir bei einem Spaziergang an der Dreisam. Ich wollte Musik schreiben, die genau so lang ist wie ein paar bewusste Atemzüge. Die Akkorde wechseln langsam, eine leise Glocke setzt kleine Lichtpunkte, und am Ende kehrt alles zum ersten Klang zurück.',
        ),
        paragraph('So kannst du Atemzug nutzen:'),
        bulletList(
          ['Vor einem Gespräch, um ruhig und klar anzukommen'],
          ['Als kleine Pause zwischen zwei Aufgaben'],
          ['Zum Einschlafen – mit der Wiederholen-Taste im Player läuft das Stück so lange, wie du möchtest'],
        ),
        paragraph('Du findest die Single ab sofort unter ', link('/music', 'Musik'), '. Ich freue mich, wenn du mir erzählst, wie sie dir gefällt.'),
      ),
      en: richText(
        paragraph(
          'Sometimes half a minute is all it takes to come back to yourself. That is what ',
          bold('One Breath'),
          ' was made for: a short piece for in between – between two appointments, before falling asleep or simply by an open window.',
        ),
        heading('h2', 'How the piece came about'),
        paragraph(
          'The idea came to me on a walk along the Dreisam river. I wanted to write music exactly as long as a few conscious breaths. The chords change slowly, a quiet bell sets small points of light, and at the end everything returns to the first sound.',
        ),
        paragraph('Ways to use One Breath:'),
        bulletList(
          ['Before a conversation, to arrive calm and clear'],
          ['As a small pause between two tasks'],
          ['For falling asleep – with the repeat button in the player it plays for as long as you like'],
        ),
        paragraph('The single is available now under ', link('/music', 'Music'), '. I would love to hear what you think of it.'),
      ),
    },
  },
  {
    title: { de: 'Ein Blick in meine Klangwerkstatt', en: 'A look inside my sound workshop' },
    category: { de: 'Einblicke', en: 'Behind the scenes' },
    date: '2026-10-02T09:00:00.000Z',
    is_new: false,
    youtube: 'https://www.youtube.com/watch?v=q7Lm2Xs9KfA',
    image: { seed: 'news-klangwerkstatt', palette: 'amber', motif: 'ripples', shape: 'wide' },
    inlineImage: { seed: 'news-klangwerkstatt-pult', palette: 'amber', motif: 'orbs', shape: 'wide' },
    content: {
      de: richText(
        paragraph(
          'Oft werde ich gefragt, wie meine Musik eigentlich entsteht. Im Video oben nehme ich dich mit in meine kleine Klangwerkstatt unter dem Dach – dorthin, wo aus einem einzelnen Ton nach und nach ein ganzes Stück wird.',
        ),
        heading('h2', 'Vom ersten Klang zum fertigen Stück'),
        paragraph('Jedes Stück durchläuft bei mir dieselben Schritte:'),
        bulletList(
          ['Ein Grundton, der das ganze Stück trägt'],
          ['Langsame Akkorde, die ich so lange verschiebe, bis nichts mehr drängt'],
          ['Klänge aus der Natur – Wasser, Wind oder eine Klangschale'],
          ['Viel Raum: Hall und Pausen sind für mich genauso wichtig wie die Töne'],
        ),
        paragraph(
          'Am Ende höre ich jedes Stück so, wie du es hören wirst: mit Kopfhörern, abends, in einem ruhigen Zimmer. Erst wenn ich dabei selbst zur Ruhe komme, ist es fertig.',
        ),
        paragraph('Hast du Fragen zu meiner Arbeit? ', link('/contact', 'Schreib mir gern'), ' – ich antworte persönlich.'),
      ),
      en: richText(
        paragraph(
          'People often ask me how my music is actually made. In the video above I take you into my small sound workshop under the roof – where a single tone gradually grows into a whole piece.',
        ),
        heading('h2', 'From the first sound to the finished piece'),
        paragraph('Every piece goes through the same steps:'),
        bulletList(
          ['A drone that carries the whole piece'],
          ['Slow chords that I keep moving until nothing pushes any more'],
          ['Sounds from nature – water, wind or a singing bowl'],
          ['Lots of space: reverb and pauses matter to me as much as the notes'],
        ),
        paragraph(
          'Finally I listen to every piece the way you will: with headphones, in the evening, in a quiet room. Only when it lets me come to rest myself is it finished.',
        ),
        paragraph('Any questions about my work? ', link('/contact', 'Just write to me'), ' – I answer personally.'),
      ),
    },
  },
  {
    title: { de: 'Dein Wunschsong: Musik, die nur für dich entsteht', en: 'Your custom song: music made just for you' },
    category: { de: 'Wunschsong', en: 'Custom song' },
    date: '2026-08-21T09:00:00.000Z',
    is_new: false,
    image: { seed: 'news-wunschsong', palette: 'lavender', motif: 'orbs', shape: 'wide' },
    content: {
      de: richText(
        paragraph(
          'Ein Song zum Einschlafen für dein Kind, eine Klangreise für deine Yogastunde oder ein ganz persönliches Geschenk: Neben meinen Alben komponiere ich Musik, die nur für einen Menschen entsteht.',
        ),
        heading('h2', 'So läuft es ab'),
        bulletList(
          ['Du wählst eines von drei Paketen – ', bold('SoundTouch'), ', ', bold('VocalBalance'), ' oder ', bold('DeepFlow'), '.'],
          ['Du sagst mir, wofür die Musik gedacht ist und welches Thema sie tragen soll.'],
          ['Bei VocalBalance und DeepFlow kannst du zusätzlich eine Sprachaufnahme beifügen, die ich behutsam einbette.'],
          ['Innerhalb weniger Wochen erhältst du deinen Song als Download.'],
        ),
        paragraph(
          'Auf Wunsch veröffentliche ich deinen Song auch auf den großen Streaming-Plattformen – dann kannst du ihn überall hören und mit anderen teilen.',
        ),
        paragraph('Du bist unsicher, welches Paket zu dir passt? ', link('/contact', 'Frag mich einfach'), '.'),
      ),
      en: richText(
        paragraph(
          'A lullaby for your child, a sound journey for your yoga class or a very personal gift: alongside my albums I compose music that is made for just one person.',
        ),
        heading('h2', 'How it works'),
        bulletList(
          ['You choose one of three packages – ', bold('SoundTouch'), ', ', bold('VocalBalance'), ' or ', bold('DeepFlow'), '.'],
          ['You tell me what the music is for and which theme it should carry.'],
          ['With VocalBalance and DeepFlow you can also add a voice recording, which I weave in with care.'],
          ['Within a few weeks you receive your song as a download.'],
        ),
        paragraph('If you like, I will also release your song on the major streaming platforms – so you can listen to it anywhere and share it.'),
        paragraph('Not sure which package suits you? ', link('/contact', 'Just ask me'), '.'),
      ),
    },
  },
]

/** The text with the picture placed after its first heading. */
function withImageAfterFirstHeading(document: RichTextDocument, mediaId: number): RichTextDocument {
  const children = [...document.root.children]
  const heading = children.findIndex((child) => child.type === 'heading')
  children.splice(heading + 1, 0, imageNode(mediaId))
  return { root: { ...document.root, children } }
}

export async function seedNews(payload: Payload): Promise<void> {
  for (const { title, category, content: text, image, inlineImage, ...fields } of NEWS) {
    const picture = await ensureImage(payload, `${image.seed}.jpg`, image, {
      de: `Bild zum Beitrag „${title.de}“`,
      en: `Picture for the article “${title.en}”`,
    })
    let content = text
    if (inlineImage) {
      const placed = await ensureImage(payload, `${inlineImage.seed}.jpg`, inlineImage, {
        de: `Bild im Beitrag „${title.de}“`,
        en: `Picture in the article “${title.en}”`,
      })
      content = { de: withImageAfterFirstHeading(text.de, placed.id), en: withImageAfterFirstHeading(text.en, placed.id) }
    }
    await ensureDocument(payload, {
      collection: 'news',
      where: { title: { equals: title.de } },
      german: { ...fields, title: title.de, category: category.de, content: content.de, image: picture.id, _status: 'published' },
      english: { title: title.en, category: category.en, content: content.en },
    })
  }
}
