import { bold, bulletList, heading, italic, link, numberedList, paragraph as p, richText } from '@/rich-text/lexical-json'
import { LEGAL_ROUTES } from '@/site/routes'
import { traderDetails, traderValue, vatNotice } from '../trader-blocks'
import type { LegalDefaults } from './types'

/**
 * The German default legal texts, created on start when a page is missing and then edited by the
 * seller in the admin. Trader data (name, address, contact, VAT ID, VAT status) are blocks filled
 * from the settings when a text is read. Written in the formal "Sie" of German legal texts, and
 * with the wording of the statutory models (Anlage 1 and 2 zu Art. 246a EGBGB) where they exist.
 */

const h2 = (title: string) => heading('h2', title)
const route = (page: keyof typeof LEGAL_ROUTES) => LEGAL_ROUTES[page].de
/** The online withdrawal function of § 356a BGB (the page "Vertrag widerrufen"). */
const WITHDRAWAL_FUNCTION = '/vertrag-widerrufen'
const STRIPE = 'Stripe Payments Europe, Limited, 1 Grand Canal Street Lower, Grand Canal Dock, Dublin, D02 H210, Irland'

const terms = richText(
  h2('§ 1 Geltungsbereich'),
  p(
    '(1) Diese Allgemeinen Geschäftsbedingungen (AGB) gelten für alle Verträge, die Verbraucherinnen und Verbraucher (im Folgenden „Kunde“ oder „Sie“) über diese Website mit uns schließen, insbesondere über individuell komponierte Songs (Wunschsongs), die wir als digitale Inhalte bereitstellen. Verbraucher ist jede natürliche Person, die ein Rechtsgeschäft zu Zwecken abschließt, die überwiegend weder ihrer gewerblichen noch ihrer selbständigen beruflichen Tätigkeit zugerechnet werden können (§ 13 BGB).',
  ),
  p(
    '(2) Maßgeblich ist die bei Ihrer Bestellung gültige Fassung dieser AGB. Abweichende Bedingungen des Kunden gelten nur, wenn wir ihnen ausdrücklich zustimmen.',
  ),
  p(
    '(3) Das Anhören der Musik im Player dieser Website (Streaming) ist kostenlos und ausschließlich zum privaten Gebrauch bestimmt. Ein Recht zum Herunterladen, Vervielfältigen oder öffentlichen Wiedergeben dieser Musik ist damit nicht verbunden.',
  ),

  h2('§ 2 Vertragspartner'),
  p('Ihr Vertragspartner ist:'),
  traderDetails('contact'),
  p('Weitere Anbieterangaben finden Sie im ', link(route('imprint'), 'Impressum'), '.'),

  h2('§ 3 Vertragsschluss'),
  p('(1) Die Darstellung unserer Pakete auf dieser Website ist kein rechtlich bindendes Angebot, sondern eine Aufforderung an Sie, eine Bestellung abzugeben.'),
  p('(2) Die Bestellung umfasst folgende Schritte:'),
  numberedList(
    ['Auswahl eines Pakets, eines Einsatzbereichs und eines Fokus-Themas;'],
    [
      'freiwillig: eine persönliche Nachricht, die Option „Streaming-Veröffentlichung“ und – bei den Paketen VocalBalance und DeepFlow – eine Aufnahme Ihrer Stimme;',
    ],
    ['Ablegen des Songs im Warenkorb;'],
    ['Anmeldung mit Ihrem Kundenkonto oder Registrierung eines neuen Kontos;'],
    ['Wahl der Zahlungsart, auf Wunsch Angabe von Name und Anschrift für die Rechnung, Zustimmung zu diesen AGB und Kenntnisnahme der Widerrufsbelehrung;'],
    ['Absenden der Bestellung mit der Schaltfläche „zahlungspflichtig bestellen“.'],
  ),
  p(
    '(3) Bis zum Absenden können Sie Ihre Angaben prüfen und Eingabefehler berichtigen: in der Übersicht Ihres Wunschsongs mit der Schaltfläche „Zurück“, im Warenkorb durch Entfernen und neues Zusammenstellen eines Songs und im Bestellformular direkt in den Eingabefeldern. Sie können den Bestellvorgang jederzeit abbrechen, indem Sie die Seite verlassen.',
  ),
  p(
    '(4) Mit dem Klick auf die Schaltfläche „zahlungspflichtig bestellen“ geben Sie ein verbindliches Angebot zum Abschluss eines Vertrags über die Songs in Ihrer Bestellung ab. Unmittelbar danach bestätigen wir Ihnen den Eingang Ihrer Bestellung per E-Mail (Bestellbestätigung). Mit dieser E-Mail nehmen wir Ihr Angebot an; der Vertrag kommt mit ihrem Zugang zustande.',
  ),
  p(
    '(5) Die Bestellbestätigung enthält den Vertragsinhalt mit diesen AGB sowie die Widerrufsbelehrung mit dem Muster-Widerrufsformular. Wir speichern den Vertragstext. Ihre Bestellungen sehen Sie jederzeit in Ihrem Kundenkonto; die jeweils gültigen AGB finden Sie auf dieser Seite, von der Sie sie ausdrucken oder speichern können.',
  ),
  p('(6) Vertragssprachen sind Deutsch und Englisch.'),

  h2('§ 4 Leistung und Bereitstellung der digitalen Inhalte'),
  p(
    '(1) Wir komponieren und produzieren Ihren Song eigens für Sie nach Ihren Angaben (Paket, Einsatzbereich, Fokus-Thema, persönliche Nachricht und gegebenenfalls Ihre Sprachaufnahme). Der Leistungsumfang ergibt sich aus der Beschreibung des gewählten Pakets bei Ihrer Bestellung. Innerhalb Ihrer Vorgaben gestalten wir den Song künstlerisch frei.',
  ),
  p(
    '(2) Mit der Komposition beginnen wir, sobald Ihre Zahlung bei uns eingegangen ist. Den fertigen Song stellen wir Ihnen als digitale Audiodatei in Ihrem Kundenkonto zum Anhören und Herunterladen bereit, spätestens 30 Tage nach Zahlungseingang. Ein körperlicher Datenträger wird nicht geliefert; Versandkosten fallen nicht an.',
  ),
  p(
    '(3) In Ihrem Kundenkonto können Sie bestätigen, dass Sie mit dem Song zufrieden sind. Ihre gesetzlichen Rechte bei Mängeln (§ 8) bleiben davon unberührt.',
  ),
  p(
    '(4) Wenn Sie uns eine Sprachaufnahme übermitteln, versichern Sie, dass es Ihre eigene Stimme ist oder dass die aufgenommenen Personen mit der Verwendung für Ihren Song einverstanden sind, und dass die Aufnahme keine Rechte Dritter verletzt.',
  ),
  p(
    '(5) Mit vollständiger Bezahlung räumen wir Ihnen an dem für Sie komponierten Song das einfache, zeitlich und räumlich unbeschränkte Recht ein, ihn privat zu nutzen, insbesondere ihn anzuhören, für private Zwecke zu vervielfältigen, im privaten Kreis abzuspielen und zu verschenken. Eine kommerzielle Nutzung, eine öffentliche Wiedergabe und eine Veröffentlichung bedürfen unserer vorherigen Zustimmung. Das Urheberrecht am Song bleibt bei uns.',
  ),
  p(
    '(6) Haben Sie die Option „Streaming-Veröffentlichung“ gewählt, veröffentlichen wir den fertigen Song zusätzlich auf gängigen Musik-Streaming-Diensten. Die Auswahl der Dienste und den Zeitpunkt der Veröffentlichung bestimmen wir.',
  ),

  h2('§ 5 Preise'),
  p('(1) Es gelten die Preise, die bei Ihrer Bestellung auf dieser Website angegeben sind.'),
  vatNotice(),
  p('(2) Aufpreise für Zusatzoptionen wie die Streaming-Veröffentlichung weisen wir vor der Bestellung gesondert aus. Versandkosten fallen nicht an.'),
  p('(3) Zahlungsarten und Fälligkeit regeln unsere ', link(route('paymentTerms'), 'Zahlungsbedingungen'), '.'),

  h2('§ 6 Eigentumsvorbehalt'),
  p(
    'Soweit wir Ihnen Waren liefern, bleiben sie bis zur vollständigen Bezahlung unser Eigentum. Digitale Inhalte stellen wir erst nach Zahlungseingang bereit; die Nutzungsrechte nach § 4 Abs. 5 erwerben Sie mit der vollständigen Bezahlung.',
  ),

  h2('§ 7 Widerrufsrecht'),
  p(
    'Verbraucherinnen und Verbrauchern steht ein gesetzliches Widerrufsrecht nach Maßgabe unserer ',
    link(route('withdrawal'), 'Widerrufsbelehrung'),
    ' zu. Es besteht nicht bei Verträgen über Waren, die nach Ihren persönlichen Vorgaben angefertigt werden (§ 312g Abs. 2 Nr. 1 BGB), und es kann bei digitalen Inhalten vorzeitig erlöschen (§ 356 Abs. 5 BGB). Ihren Widerruf können Sie auch über die Widerrufsfunktion ',
    link(WITHDRAWAL_FUNCTION, 'Vertrag widerrufen'),
    ' erklären.',
  ),

  h2('§ 8 Gewährleistung und Haftung'),
  p('(1) Es gelten die gesetzlichen Vorschriften über Mängel, für digitale Inhalte insbesondere die §§ 327 ff. BGB.'),
  p(
    '(2) Wir haften unbeschränkt bei Vorsatz und grober Fahrlässigkeit, bei der Verletzung von Leben, Körper oder Gesundheit, nach dem Produkthaftungsgesetz und im Umfang einer übernommenen Garantie. Bei leicht fahrlässiger Verletzung einer wesentlichen Vertragspflicht – einer Pflicht, deren Erfüllung die ordnungsgemäße Durchführung des Vertrags überhaupt erst ermöglicht und auf deren Einhaltung Sie regelmäßig vertrauen dürfen – ist unsere Haftung auf den vertragstypischen, vorhersehbaren Schaden begrenzt. Im Übrigen haften wir für leichte Fahrlässigkeit nicht.',
  ),

  h2('§ 9 Anwendbares Recht und Streitbeilegung'),
  p(
    '(1) Es gilt das Recht der Bundesrepublik Deutschland unter Ausschluss des UN-Kaufrechts. Diese Rechtswahl gilt gegenüber Verbrauchern nur, soweit ihnen dadurch nicht der Schutz zwingender Bestimmungen des Rechts des Staates entzogen wird, in dem sie ihren gewöhnlichen Aufenthalt haben.',
  ),
  p('(2) Wir sind weder bereit noch verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.'),
  p('(3) Ist eine Bestimmung dieser AGB unwirksam, bleibt der Vertrag im Übrigen wirksam (§ 306 BGB).'),
)

const paymentTerms = richText(
  h2('1. Preise'),
  vatNotice(),
  p(
    'Es gelten die Preise, die bei Ihrer Bestellung angegeben sind. Aufpreise für Zusatzoptionen wie die Streaming-Veröffentlichung weisen wir vor der Bestellung gesondert aus. Da wir ausschließlich digital liefern, fallen keine Versandkosten an.',
  ),

  h2('2. Zahlungsarten'),
  p('Sie können wählen zwischen:'),
  bulletList(
    [
      bold('PayPal'),
      ' – nach dem Absenden der Bestellung leiten wir Sie auf die gesicherte Zahlungsseite unseres Zahlungsdienstleisters Stripe weiter; dort melden Sie sich bei PayPal an und geben die Zahlung frei.',
    ],
    [
      bold('Kreditkarte'),
      ' – Sie geben Ihre Kartendaten auf der gesicherten Zahlungsseite von Stripe ein; Ihre Karte wird mit Abschluss des Zahlungsvorgangs belastet. Akzeptiert werden die dort angezeigten Karten. Ihre vollständigen Kartendaten erhalten wir nicht.',
    ],
    [
      bold('Vorkasse per Banküberweisung'),
      ' – nach der Bestellung zeigen wir Ihnen auf der Bestellseite und in Ihrem Kundenkonto unsere Bankverbindung, den Betrag und den Verwendungszweck, dazu einen QR-Code (GiroCode) für Ihre Banking-App. Bitte geben Sie den Verwendungszweck an, damit wir Ihre Zahlung zuordnen können.',
    ],
  ),
  p(
    `Zahlungen per PayPal und Kreditkarte wickelt für uns die ${STRIPE}, ab. Brechen Sie die Zahlung ab oder schlägt sie fehl, können Sie sie in Ihrem Kundenkonto jederzeit nachholen.`,
  ),

  h2('3. Fälligkeit'),
  p('Der Preis ist mit Vertragsschluss sofort zur Zahlung fällig.'),
  p(
    'Bei Zahlung per PayPal oder Kreditkarte beginnen wir mit der Bearbeitung, sobald der Zahlungsdienstleister uns die Zahlung bestätigt hat. Bestellungen mit Vorkasse bearbeiten wir erst nach Eingang des vollständigen Betrags auf unserem Konto; bitte überweisen Sie ihn innerhalb von 14 Tagen nach der Bestellung.',
  ),

  h2('4. Rechnung'),
  p('Sobald Ihre Zahlung eingegangen ist, stellen wir Ihnen eine Rechnung aus. Sie können sie als PDF in Ihrem Kundenkonto herunterladen.'),

  h2('5. Erstattungen'),
  p(
    'Erstattungen, etwa nach einem wirksamen Widerruf, leisten wir über dasselbe Zahlungsmittel, das Sie bei der Zahlung eingesetzt haben, es sei denn, mit Ihnen wurde ausdrücklich etwas anderes vereinbart; Entgelte berechnen wir Ihnen dafür nicht. Bei Vorkasse überweisen wir den Betrag auf das Konto zurück, von dem Ihre Zahlung kam.',
  ),
)

const withdrawal = richText(
  p(
    'Verbraucherinnen und Verbrauchern steht ein Widerrufsrecht nach folgender Maßgabe zu. Verbraucher ist jede natürliche Person, die ein Rechtsgeschäft zu Zwecken abschließt, die überwiegend weder ihrer gewerblichen noch ihrer selbständigen beruflichen Tätigkeit zugerechnet werden können.',
  ),
  h2('Widerrufsrecht'),
  p('Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen.'),
  p('Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag des Vertragsabschlusses.'),
  p(
    'Um Ihr Widerrufsrecht auszuüben, müssen Sie uns (',
    traderValue('contact'),
    ') mittels einer eindeutigen Erklärung (z. B. ein mit der Post versandter Brief oder E-Mail) über Ihren Entschluss, diesen Vertrag zu widerrufen, informieren. Sie können dafür das beigefügte Muster-Widerrufsformular verwenden, das jedoch nicht vorgeschrieben ist.',
  ),
  p(
    'Sie können den Vertrag auch über die Widerrufsfunktion auf unserer Website widerrufen: ',
    link(WITHDRAWAL_FUNCTION, 'Vertrag widerrufen'),
    '. Machen Sie von dieser Möglichkeit Gebrauch, so bestätigen wir Ihnen den Eingang Ihres Widerrufs unverzüglich auf einem dauerhaften Datenträger (z. B. per E-Mail).',
  ),
  p('Zur Wahrung der Widerrufsfrist reicht es aus, dass Sie die Mitteilung über die Ausübung des Widerrufsrechts vor Ablauf der Widerrufsfrist absenden.'),
  h2('Folgen des Widerrufs'),
  p(
    'Wenn Sie diesen Vertrag widerrufen, haben wir Ihnen alle Zahlungen, die wir von Ihnen erhalten haben, einschließlich der Lieferkosten (mit Ausnahme der zusätzlichen Kosten, die sich daraus ergeben, dass Sie eine andere Art der Lieferung als die von uns angebotene, günstigste Standardlieferung gewählt haben), unverzüglich und spätestens binnen vierzehn Tagen ab dem Tag zurückzuzahlen, an dem die Mitteilung über Ihren Widerruf dieses Vertrags bei uns eingegangen ist. Für diese Rückzahlung verwenden wir dasselbe Zahlungsmittel, das Sie bei der ursprünglichen Transaktion eingesetzt haben, es sei denn, mit Ihnen wurde ausdrücklich etwas anderes vereinbart; in keinem Fall werden Ihnen wegen dieser Rückzahlung Entgelte berechnet.',
  ),
  h2('Vorzeitiges Erlöschen und Ausschluss des Widerrufsrechts'),
  p(
    'Das Widerrufsrecht erlischt bei einem Vertrag über die Bereitstellung von nicht auf einem körperlichen Datenträger befindlichen digitalen Inhalten, wenn wir mit der Vertragserfüllung begonnen haben, nachdem Sie',
  ),
  bulletList(
    ['ausdrücklich zugestimmt haben, dass wir mit der Vertragserfüllung vor Ablauf der Widerrufsfrist beginnen,'],
    ['Ihre Kenntnis davon bestätigt haben, dass Sie durch Ihre Zustimmung mit Beginn der Vertragserfüllung Ihr Widerrufsrecht verlieren, und'],
    [
      'wir Ihnen eine Bestätigung des Vertrags, in der Ihre Zustimmung und Kenntnisnahme festgehalten sind, auf einem dauerhaften Datenträger (z. B. per E-Mail) zur Verfügung gestellt haben (§ 356 Abs. 5 BGB).',
    ],
  ),
  p(
    'Das Widerrufsrecht besteht nicht bei Verträgen zur Lieferung von Waren, die nicht vorgefertigt sind und für deren Herstellung eine individuelle Auswahl oder Bestimmung durch den Verbraucher maßgeblich ist oder die eindeutig auf die persönlichen Bedürfnisse des Verbrauchers zugeschnitten sind (§ 312g Abs. 2 Nr. 1 BGB). Ihr Wunschsong wird nach Ihren persönlichen Vorgaben – Paket, Einsatzbereich, Fokus-Thema, persönliche Nachricht und gegebenenfalls Ihre Stimme – eigens für Sie komponiert.',
  ),
  p(italic('Ende der Widerrufsbelehrung')),
  h2('Muster-Widerrufsformular'),
  p('(Wenn Sie den Vertrag widerrufen wollen, dann füllen Sie bitte dieses Formular aus und senden Sie es zurück.)'),
  bulletList(
    ['An ', traderValue('postal'), ':'],
    [
      'Hiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag über den Kauf der folgenden Waren (*)/die Erbringung der folgenden Dienstleistung (*)',
    ],
    ['Bestellt am (*)/erhalten am (*)'],
    ['Name des/der Verbraucher(s)'],
    ['Anschrift des/der Verbraucher(s)'],
    ['Unterschrift des/der Verbraucher(s) (nur bei Mitteilung auf Papier)'],
    ['Datum'],
  ),
  p('(*) Unzutreffendes streichen.'),
)

const privacy = richText(
  h2('1. Verantwortlicher'),
  p('Verantwortlich für die Verarbeitung personenbezogener Daten auf dieser Website im Sinne der Datenschutz-Grundverordnung (DSGVO) ist:'),
  traderDetails('contact'),
  p(
    'Einen Datenschutzbeauftragten haben wir nicht benannt, weil wir dazu gesetzlich nicht verpflichtet sind. Fragen zum Datenschutz richten Sie bitte an die oben genannte E-Mail-Adresse.',
  ),

  h2('2. Aufruf der Website und Hosting'),
  p(
    'Beim Aufruf unserer Website verarbeiten unsere Server technisch notwendige Daten, die Ihr Browser übermittelt: IP-Adresse, Datum und Uhrzeit, aufgerufene Adresse, übertragene Datenmenge, zuvor besuchte Seite und Browserkennung. Wir brauchen sie, um die Website auszuliefern, ihre Sicherheit zu gewährleisten und Missbrauch abzuwehren; dazu begrenzen wir etwa wiederholte Anmelde-, Registrierungs- und Kontaktversuche je IP-Adresse. Rechtsgrundlage ist unser berechtigtes Interesse an einem sicheren und funktionsfähigen Angebot (Art. 6 Abs. 1 lit. f DSGVO). Diese Daten löschen wir spätestens nach 14 Tagen, es sei denn, wir brauchen sie länger, um einen konkreten Sicherheitsvorfall aufzuklären.',
  ),
  p('Die Website wird bei einem Hosting-Dienstleister betrieben, der die Daten in unserem Auftrag und nach unseren Weisungen verarbeitet (Art. 28 DSGVO).'),

  h2('3. Kundenkonto'),
  p(
    'Für eine Bestellung legen Sie ein Kundenkonto an. Dabei verarbeiten wir Ihren Benutzernamen, Ihre E-Mail-Adresse und Ihr Passwort, das wir nur als kryptografischen Hashwert speichern. Über das Konto wickeln wir Ihre Bestellungen ab und stellen Ihnen Songs und Rechnungen bereit (Art. 6 Abs. 1 lit. b DSGVO). Sie können die Löschung Ihres Kontos jederzeit verlangen; Daten, die wir aufbewahren müssen (Abschnitt 10), sperren wir bis zum Ablauf der Fristen.',
  ),

  h2('4. Bestellungen'),
  p(
    'Für Ihre Bestellung verarbeiten wir das gewählte Paket, den Einsatzbereich und das Fokus-Thema, Ihre persönliche Nachricht, die Option „Streaming-Veröffentlichung“, die Zahlungsart, den Bestell- und Zahlungsstatus und – wenn Sie sie angeben – Name und Anschrift für die Rechnung. Wir brauchen diese Daten, um den Vertrag zu schließen und zu erfüllen (Art. 6 Abs. 1 lit. b DSGVO), und für Rechnungen und Buchhaltung, die wir nach Steuer- und Handelsrecht aufbewahren müssen (Art. 6 Abs. 1 lit. c DSGVO).',
  ),
  p(
    'Teilen Sie uns in Ihrer Nachricht oder Aufnahme freiwillig Angaben zu Ihrer Gesundheit mit (etwa zu Schlaf oder Stress), verarbeiten wir sie ausschließlich, um Ihren Song zu gestalten, auf Grundlage Ihrer ausdrücklichen Einwilligung (Art. 9 Abs. 2 lit. a DSGVO). Sie können sie jederzeit mit Wirkung für die Zukunft widerrufen.',
  ),

  h2('5. Sprachaufnahmen'),
  p(
    'Bei den Paketen VocalBalance und DeepFlow können Sie Ihrer Bestellung freiwillig eine Aufnahme Ihrer Stimme beifügen. Dafür fragt Ihr Browser Sie um Erlaubnis, das Mikrofon zu nutzen; aufgenommen wird nur, solange Sie die Aufnahme laufen lassen. Bis zur Bestellung bleibt die Aufnahme in Ihrem Browser gespeichert (IndexedDB); mit der Bestellung wird sie an unseren Server übertragen.',
  ),
  p(
    'Wir verwenden die Aufnahme ausschließlich, um Ihren Song zu komponieren und zu produzieren (Art. 6 Abs. 1 lit. b DSGVO). Biometrische Verfahren zu Ihrer Identifizierung setzen wir nicht ein. Die Aufnahme können nur Sie und wir abrufen. Wir löschen sie, sobald sie für den Auftrag und mögliche Gewährleistungsansprüche nicht mehr gebraucht wird, spätestens zwei Jahre nach Bereitstellung des Songs, auf Ihren Wunsch früher. Ist Ihre Stimme im fertigen Song zu hören und haben Sie die Streaming-Veröffentlichung gewählt, wird der Song mit Ihrer Stimme öffentlich zugänglich.',
  ),

  h2('6. Zahlungen'),
  p(
    `Zahlungen per PayPal und Kreditkarte wickelt die ${STRIPE} („Stripe“), ab. Wir übermitteln Stripe Bestellnummer, Betrag und Währung; Ihre Zahlungsdaten (etwa Kartennummer oder PayPal-Konto) geben Sie direkt auf der Zahlungsseite von Stripe ein, wir erhalten sie nicht. Bei PayPal gibt Stripe die nötigen Daten an die PayPal (Europe) S.à r.l. et Cie, S.C.A., 22–24 Boulevard Royal, L-2449 Luxemburg, weiter. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO.`,
  ),
  p(
    'Stripe und PayPal verarbeiten Daten auch in eigener Verantwortung, etwa zur Betrugsvorbeugung und zur Erfüllung gesetzlicher Pflichten; dafür gelten ihre eigenen Datenschutzhinweise. Dabei können Daten an die Stripe, Inc. in den USA übermittelt werden. Stripe ist nach dem EU-U.S. Data Privacy Framework zertifiziert, für das ein Angemessenheitsbeschluss der EU-Kommission besteht (Art. 45 DSGVO).',
  ),
  p(
    'Bei Vorkasse verarbeiten wir die Angaben Ihrer Überweisung (Kontoinhaber, IBAN, Betrag, Verwendungszweck), die uns unsere Bank übermittelt, um Ihre Zahlung zuzuordnen und zu verbuchen (Art. 6 Abs. 1 lit. b und c DSGVO).',
  ),

  h2('7. Kontaktformular und E-Mail'),
  p(
    'Wenn Sie uns über das Kontaktformular oder per E-Mail schreiben, verarbeiten wir Ihren Namen, Ihre E-Mail-Adresse und Ihre Nachricht, um Ihre Anfrage zu beantworten. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO, wenn Ihre Anfrage einen Vertrag mit uns betrifft, sonst unser berechtigtes Interesse an ihrer Beantwortung (Art. 6 Abs. 1 lit. f DSGVO). Wir löschen Ihre Anfrage, wenn sie erledigt ist, soweit keine Aufbewahrungspflicht besteht (Abschnitt 10).',
  ),

  h2('8. E-Mails zu Ihrer Bestellung'),
  p(
    'Wir senden Ihnen E-Mails zu Ihrer Bestellung, darunter die Bestellbestätigung mit AGB und Widerrufsbelehrung (Art. 6 Abs. 1 lit. b und c DSGVO). Für den Versand nutzen wir einen E-Mail-Dienstleister, der die Daten in unserem Auftrag verarbeitet (Art. 28 DSGVO). Weitere E-Mails über neue Musik senden wir Ihnen nur, wenn Sie sie abonniert haben (Abschnitt 8a).',
  ),

  h2('8a. Neuigkeiten per E-Mail (Follower)'),
  p(
    'Wenn Sie „Neuigkeiten per E-Mail“ abonnieren (auf der Website, mit einem Klick in Ihrem Kundenkonto oder an der Kasse), senden wir Ihnen E-Mails, wenn neue Musik oder Neuigkeiten erscheinen, höchstens zwei im Monat. Rechtsgrundlage ist Ihre Einwilligung (Art. 6 Abs. 1 lit. a DSGVO, § 7 Abs. 2 Nr. 2 UWG). Wir verwenden das Double-Opt-in-Verfahren: Nach der Anmeldung erhalten Sie eine E-Mail mit einem Bestätigungslink, der 48 Stunden gilt; erst nach Ihrer Bestätigung senden wir Ihnen weitere E-Mails. Ein Kauf allein meldet Sie nicht an.',
  ),
  p(
    'Wir speichern dazu Ihre E-Mail-Adresse, die Sprache, den Wortlaut und die Fassung Ihrer Einwilligung, den Zeitpunkt der Anmeldung und der Bestätigung und gegebenenfalls Ihr Kundenkonto. Diese Angaben dienen als Nachweis Ihrer Einwilligung (Art. 7 Abs. 1 DSGVO). Weist der Mailserver Ihrer Adresse eine E-Mail endgültig als unzustellbar ab, vermerken wir das mit seiner Antwort und senden an diese Adresse nichts mehr. Zu jeder Veröffentlichung halten wir fest, ob Ihnen die E-Mail gesendet wurde, damit Sie keine doppelt bekommen. Unsere E-Mails enthalten keine Zählpixel und keine umgeleiteten Links; Bilder werden nur von unserer eigenen Website geladen. Wir werten nicht aus, ob und wann Sie eine E-Mail öffnen oder einen Link anklicken.',
  ),
  p(
    'Sie können Ihre Einwilligung jederzeit mit Wirkung für die Zukunft widerrufen: über den Abmeldelink in jeder E-Mail (ein Klick, ohne Anmeldung), über die Abmeldefunktion Ihres E-Mail-Programms oder mit einer Nachricht an uns. Auf der Abmeldeseite sehen Sie auch, welche Daten wir zu Ihrer Anmeldung gespeichert haben, und können sie herunterladen. Nicht bestätigte Anmeldungen löschen wir nach 7 Tagen. Nach einer Abmeldung bewahren wir den Nachweis Ihrer Einwilligung noch 3 Jahre auf (regelmäßige Verjährungsfrist, § 195 BGB), um belegen zu können, dass die früheren E-Mails erwünscht waren (Art. 6 Abs. 1 lit. c und f DSGVO); danach löschen wir ihn. Löschen Sie Ihr Kundenkonto, löschen wir auch Ihre Anmeldung.',
  ),

  h2('8b. Kostenlose Downloads und Download-Codes'),
  p(
    'Wenn Sie ein kostenloses Album oder einen kostenlosen Titel ohne Kundenkonto anfordern, verwenden wir Ihre E-Mail-Adresse, um Ihnen den Link zu den Downloads zu senden (Art. 6 Abs. 1 lit. b DSGVO). Wir führen darüber keine eigene Liste: Die Adresse steht nur in unserem Protokoll der gesendeten E-Mails (ohne den Link), als Nachweis des Versands. Damit niemand über dieses Formular fremde Postfächer füllt, zählen wir Anfragen je Adresse und je Internetanschluss; dafür speichern wir nur einen verschlüsselten Prüfwert (Hash) der Adresse, höchstens 24 Stunden. Neuigkeiten per E-Mail erhalten Sie nur, wenn Sie das Kästchen dafür ankreuzen und Ihre Anmeldung bestätigen (Abschnitt 8a).',
  ),
  p(
    'Lösen Sie einen Download-Code ein, speichern wir zu dem Code, wann und in welches Kundenkonto er eingelöst wurde (Art. 6 Abs. 1 lit. b DSGVO); die Musik erscheint dann unter „Meine Musik“ in Ihrem Konto.',
  ),

  h2('9. Empfänger'),
  p('Ihre Daten erhalten nur:'),
  bulletList(
    ['unser Hosting-Dienstleister (Betrieb von Website und Datenbank, Speicherung von Aufnahmen und Songs) als Auftragsverarbeiter;'],
    ['unser E-Mail-Dienstleister (Versand von E-Mails zu Ihrer Bestellung und, wenn Sie sie abonniert haben, von Neuigkeiten) als Auftragsverarbeiter;'],
    ['Stripe und PayPal (Zahlungsabwicklung) sowie die beteiligten Banken (Überweisungen);'],
    ['Steuerberatung und Finanzbehörden, soweit das Gesetz es verlangt (Rechnungen und Buchhaltung).'],
  ),
  p('Wir liefern nur digital und geben deshalb keine Daten an Versanddienstleister weiter. Wir verkaufen keine Daten.'),

  h2('10. Speicherdauer'),
  p('Wir speichern personenbezogene Daten nur so lange, wie es für ihren Zweck erforderlich ist:'),
  bulletList(
    ['Kundenkonto: bis Sie seine Löschung verlangen;'],
    ['Bestelldaten: bis zum Ablauf der Gewährleistungsfristen, danach nur, soweit Aufbewahrungspflichten bestehen;'],
    [
      'Rechnungen und andere Buchungsbelege: acht Jahre (§ 147 Abs. 1 Nr. 4 und Abs. 3 AO, § 14b Abs. 1 UStG); Bücher, Aufzeichnungen und Jahresabschlüsse: zehn Jahre (§ 147 Abs. 1 Nr. 1 und Abs. 3 AO); empfangene und abgesandte Geschäftsbriefe: sechs Jahre (§ 147 Abs. 1 Nr. 2 und 3, Abs. 3 AO). Die Fristen beginnen mit dem Ende des Kalenderjahres, in dem die Unterlage entstanden ist (§ 147 Abs. 4 AO);',
    ],
    ['Sprachaufnahmen: wie in Abschnitt 5 beschrieben;'],
    ['Kontaktanfragen: bis zur Erledigung, als Geschäftsbrief bis zu sechs Jahre;'],
    [
      'Neuigkeiten per E-Mail: bis zur Abmeldung; nicht bestätigte Anmeldungen 7 Tage; der Nachweis der Einwilligung 3 Jahre nach der Abmeldung (Abschnitt 8a);',
    ],
    ['Server-Protokolle und Daten zur Missbrauchsabwehr: höchstens 14 Tage.'],
  ),

  h2('11. Cookies und lokale Speicherung'),
  p(
    'Wir verwenden keine Analyse-, Tracking- oder Werbe-Cookies. Wir speichern auf Ihrem Gerät nur, was für die von Ihnen genutzten Funktionen unbedingt erforderlich ist (§ 25 Abs. 2 Nr. 2 TDDDG); dafür ist keine Einwilligung nötig, daher gibt es kein Cookie-Banner:',
  ),
  bulletList(
    [
      bold('Anmeldung'),
      ': das Cookie „payload-token“ und ein Anmeldeschlüssel im lokalen Speicher halten Sie angemeldet; sie gelten zwei Stunden, werden verlängert, solange Sie die Seite nutzen, und beim Abmelden gelöscht.',
    ],
    [bold('Sprache'), ': das Cookie „lang“ merkt sich die gewählte Sprache für ein Jahr.'],
    [bold('Darstellung'), ': der lokale Speicher merkt sich, ob Sie das helle oder dunkle Design gewählt haben.'],
    [
      bold('Warenkorb und Wunschsong'),
      ': Warenkorb und Entwurf Ihres Wunschsongs liegen im lokalen Speicher, Sprachaufnahmen in IndexedDB; sie verlassen Ihren Browser erst mit der Bestellung.',
    ],
  ),
  p('Diese Einträge bleiben in Ihrem Browser, bis sie ablaufen oder Sie sie dort löschen.'),
  p(
    'Videos in unseren Neuigkeiten werden erst geladen, wenn Sie dies mit einem Klick verlangen. Dann stellt Ihr Browser eine Verbindung zu YouTube (Google Ireland Limited, Gordon House, Barrow Street, Dublin 4, Irland) im erweiterten Datenschutzmodus (youtube-nocookie.com) her und übermittelt dabei unter anderem Ihre IP-Adresse. Rechtsgrundlage ist Ihre Einwilligung durch den Klick (Art. 6 Abs. 1 lit. a DSGVO, § 25 Abs. 1 TDDDG). Links zu unseren Profilen in sozialen Netzwerken sind einfache Links; Daten fließen erst, wenn Sie ihnen folgen.',
  ),

  h2('12. Ihre Rechte'),
  p('Sie haben das Recht auf'),
  bulletList(
    ['Auskunft über Ihre Daten (Art. 15 DSGVO),'],
    ['Berichtigung (Art. 16 DSGVO),'],
    ['Löschung (Art. 17 DSGVO),'],
    ['Einschränkung der Verarbeitung (Art. 18 DSGVO),'],
    ['Datenübertragbarkeit (Art. 20 DSGVO) und'],
    ['Widerruf einer erteilten Einwilligung mit Wirkung für die Zukunft (Art. 7 Abs. 3 DSGVO).'],
  ),
  p(
    bold('Widerspruchsrecht: '),
    'Verarbeiten wir Ihre Daten auf Grundlage unseres berechtigten Interesses (Art. 6 Abs. 1 lit. f DSGVO), können Sie dem aus Gründen, die sich aus Ihrer besonderen Situation ergeben, jederzeit widersprechen (Art. 21 DSGVO).',
  ),
  p(
    'Sie können sich außerdem bei einer Datenschutz-Aufsichtsbehörde beschweren (Art. 77 DSGVO), insbesondere in dem Mitgliedstaat Ihres gewöhnlichen Aufenthalts, Ihres Arbeitsplatzes oder des Orts des mutmaßlichen Verstoßes. Für uns zuständig ist die Datenschutz-Aufsichtsbehörde des Bundeslandes, in dem wir unseren Sitz haben.',
  ),

  h2('13. Pflicht zur Bereitstellung, keine automatisierten Entscheidungen'),
  p(
    'Die Angaben für Kundenkonto und Bestellung brauchen wir, um den Vertrag zu schließen; ohne sie ist keine Bestellung möglich. Persönliche Nachricht, Sprachaufnahme und Rechnungsanschrift sind freiwillig. Eine automatisierte Entscheidungsfindung einschließlich Profiling (Art. 22 DSGVO) findet nicht statt.',
  ),

  h2('14. Datensicherheit'),
  p('Wir übertragen alle Daten verschlüsselt (TLS) und schützen sie durch technische und organisatorische Maßnahmen vor Verlust und unbefugtem Zugriff.'),
)

/*
 * No link to the EU online dispute resolution platform (ec.europa.eu/consumers/odr): Regulation
 * (EU) 2024/3228 repealed the ODR Regulation, the platform was shut down on 20 July 2025, and with
 * it the duty to link to it. A link to a page that no longer exists would itself be misleading.
 */
const imprint = richText(
  h2('Angaben gemäß § 5 DDG'),
  traderDetails('full'),
  h2('Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV'),
  p(traderValue('name'), ', ', traderValue('address')),
  h2('Verbraucherstreitbeilegung'),
  p('Wir sind weder bereit noch verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen (§ 36 VSBG).'),
  h2('Urheberrecht'),
  p(
    'Musik, Texte, Bilder und Videos dieser Website sind urheberrechtlich geschützt. Jede Verwertung außerhalb der Grenzen des Urheberrechts bedarf unserer vorherigen Zustimmung.',
  ),
)

export const de: LegalDefaults = {
  terms: { title: 'Allgemeine Geschäftsbedingungen', content: terms },
  paymentTerms: { title: 'Zahlungsbedingungen', content: paymentTerms },
  withdrawal: { title: 'Widerrufsbelehrung', content: withdrawal },
  privacy: { title: 'Datenschutzerklärung', content: privacy },
  imprint: { title: 'Impressum', content: imprint },
}
