import type { Payload } from 'payload'
import { ensureImage } from './uploads'
import { bold, heading, link, paragraph, richText } from '../../src/rich-text/lexical-json'

const HEADLINE = { de: 'Hallo, ich bin Lina', en: "Hello, I'm Lina" }

const BIOGRAPHY = {
  de: richText(
    paragraph(
      'Ich komponiere Musik für die leisen Momente: für das Einschlafen, für die Meditation am Morgen, für die Pause zwischen zwei Terminen. Meine Stücke entstehen in meiner kleinen Klangwerkstatt in Freiburg, zwischen Synthesizern, Klangschalen und dem Rauschen der Dreisam vor dem Fenster.',
    ),
    heading('h2', 'Wie alles begann'),
    paragraph(
      'Nach meinem Studium der Musiktherapie habe ich viele Jahre mit Menschen gearbeitet, die nach Ruhe suchten. Dabei habe ich gelernt, wie sehr langsame Harmonien, sanfte Flächen und Naturklänge Atem und Puls beruhigen können – und dass jeder Mensch dafür seinen eigenen Klang hat.',
    ),
    heading('h2', 'Musik nur für dich'),
    paragraph(
      'Deshalb schreibe ich neben meinen Alben auch ',
      bold('Wunschsongs'),
      ': Musik, die für einen Menschen, einen Anlass oder ein Thema entsteht. Erzähl mir, was dich bewegt – ',
      link('/custom-songs', 'hier kannst du deinen Song anfragen'),
      '.',
    ),
  ),
  en: richText(
    paragraph(
      'I compose music for the quiet moments: for falling asleep, for morning meditation, for the pause between two appointments. My pieces take shape in my small sound workshop in Freiburg, among synthesizers, singing bowls and the murmur of the river outside my window.',
    ),
    heading('h2', 'How it began'),
    paragraph(
      'After studying music therapy I spent many years working with people who were looking for calm. I learned how much slow harmonies, gentle textures and the sounds of nature can soothe breath and pulse – and that everyone has a sound of their own for it.',
    ),
    heading('h2', 'Music just for you'),
    paragraph(
      'That is why, alongside my albums, I also write ',
      bold('custom songs'),
      ': music made for one person, one occasion or one theme. Tell me what moves you – ',
      link('/custom-songs', 'commission your song here'),
      '.',
    ),
  ),
}

/** The biography page with a generated portrait-style picture. */
export async function seedAbout(payload: Payload): Promise<void> {
  const portrait = await ensureImage(
    payload,
    'about-portrait.jpg',
    { seed: 'about-portrait', palette: 'dawn', motif: 'horizon', shape: 'square' },
    { de: 'Stimmungsbild zu Lina Sommer', en: 'Mood picture for Lina Sommer' },
  )
  await payload.updateGlobal({ slug: 'about', locale: 'de', data: { headline: HEADLINE.de, biography: BIOGRAPHY.de, portrait: portrait.id } })
  await payload.updateGlobal({ slug: 'about', locale: 'en', data: { headline: HEADLINE.en, biography: BIOGRAPHY.en } })
}
