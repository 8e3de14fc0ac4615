/**
 * Demo shops for local development and the public demo (fictional companies).
 *
 * Each shop is self-contained: its texts, palette, tags, legal pages and the media
 * files it needs (under seed/media, rendered by tools/images/make-seed-images.ts).
 * Offers live in a separate file and reference shops by `slug`.
 *
 * To add a shop: append a `DemoShop` to `demoShops`; put its images in seed/media and
 * list them in `media`. Texts need every locale listed in `languages`.
 */
import type { components } from '~/api/schema.gen'

type ShopConfig = components['schemas']['ShopConfig']
type LocalizedText = components['schemas']['LocalizedText']
type PaletteColor = components['schemas']['PaletteColor']

export type DemoShop = {
  /** Tenant slug, used in {slug}.{HOSTED_DOMAIN} and {slug}.localhost. */
  slug: string
  /** Fictional custom domains that resolve to this shop. */
  customDomains: string[]
  config: Omit<ShopConfig, 'id'>
  /** Media id -> file name under seed/media; covers every id used in `config.media`. */
  media: Record<string, string>
}

const color = (background: PaletteColor['background'], foreground: PaletteColor['foreground']): PaletteColor => ({
  background,
  foreground,
})

const WHITE = [255, 255, 255]

// ---------------------------------------------------------------------------
// Shop 1: Alpin Abenteuer, Interlaken (de, en, fr)
// ---------------------------------------------------------------------------

/**
 * WCAG 2.x contrast ratios (foreground on background), all >= 4.5:1 (AA, normal text):
 * primary 8.18, secondary 7.64, accent 6.94, surface 15.52, background 14.42,
 * muted 8.48, error 6.54, success 5.39, warning 8.94, info 9.05.
 */
const alpinPalette: Record<string, PaletteColor> = {
  primary: color([14, 84, 122], WHITE), // glacier-lake blue
  secondary: color([36, 94, 64], WHITE), // pine green
  accent: color([242, 140, 40], [28, 28, 28]), // alpenglow orange
  surface: color([255, 255, 255], [28, 37, 46]),
  background: color([244, 247, 249], [28, 37, 46]),
  muted: color([226, 233, 238], [55, 65, 75]),
  error: color([179, 38, 30], WHITE),
  success: color([27, 122, 61], WHITE),
  warning: color([245, 183, 0], [33, 33, 33]),
  info: color([224, 239, 248], [14, 66, 98]),
}

const alpinImprint: LocalizedText = {
  de: `<h2>Impressum</h2>
<p><strong>Alpin Abenteuer GmbH</strong><br>Seestrasse 21<br>3800 Interlaken<br>Schweiz</p>
<h2>Kontakt</h2>
<p>Telefon: <a href="tel:+41331234567">+41 33 123 45 67</a><br>E-Mail: <a href="mailto:info@alpin-abenteuer.ch">info@alpin-abenteuer.ch</a><br>Web: <a href="https://www.alpin-abenteuer.ch">www.alpin-abenteuer.ch</a></p>
<h2>Vertretungsberechtigte Person</h2>
<p>Lukas Brunner, Geschäftsführer</p>
<h2>Handelsregister</h2>
<ul>
<li>Eingetragen im Handelsregister des Kantons Bern</li>
<li>Unternehmens-Identifikationsnummer (UID): CHE-123.456.789</li>
<li>Mehrwertsteuernummer: CHE-123.456.789 MWST</li>
</ul>
<h2>Bewilligungen und Mitgliedschaften</h2>
<p>Bewilligung für das Anbieten von Risikoaktivitäten gemäss Risikoaktivitätengesetz (RiskG), zertifiziert durch <a href="https://www.safetyinadventures.ch">Safety in adventures</a>. Unsere Bergführerinnen und Bergführer sind Mitglied des Schweizer Bergführerverbands <a href="https://www.sbv-asgm.ch">SBV</a>.</p>
<h2>Verantwortlich für den Inhalt</h2>
<p>Lukas Brunner, Seestrasse 21, 3800 Interlaken. Anfragen zu Buchungen, Gutscheinen und Gruppenangeboten richten Sie bitte direkt an unser Büro; wir antworten in der Regel innert eines Arbeitstags.</p>
<h2>Bankverbindung</h2>
<p>Berner Kantonalbank AG, IBAN CH93 0079 0016 1234 5678 9</p>
<h2>Haftungsausschluss</h2>
<p>Wir prüfen die Inhalte dieser Website sorgfältig, übernehmen jedoch keine Gewähr für deren Richtigkeit, Vollständigkeit und Aktualität. Für die Inhalte verlinkter Websites sind ausschliesslich deren Betreiber verantwortlich.</p>
<h2>Urheberrechte</h2>
<p>Texte, Bilder und Grafiken auf dieser Website gehören der Alpin Abenteuer GmbH oder den genannten Rechteinhabern. Jede Verwendung ausserhalb der privaten Nutzung bedarf unserer vorgängigen schriftlichen Zustimmung.</p>`,
  en: `<h2>Legal notice</h2>
<p><strong>Alpin Abenteuer GmbH</strong><br>Seestrasse 21<br>3800 Interlaken<br>Switzerland</p>
<h2>Contact</h2>
<p>Phone: <a href="tel:+41331234567">+41 33 123 45 67</a><br>Email: <a href="mailto:info@alpin-abenteuer.ch">info@alpin-abenteuer.ch</a><br>Web: <a href="https://www.alpin-abenteuer.ch">www.alpin-abenteuer.ch</a></p>
<h2>Authorised representative</h2>
<p>Lukas Brunner, Managing Director</p>
<h2>Commercial register</h2>
<ul>
<li>Registered in the commercial register of the Canton of Bern</li>
<li>Business identification number (UID): CHE-123.456.789</li>
<li>VAT number: CHE-123.456.789 MWST</li>
</ul>
<h2>Licences and memberships</h2>
<p>Licensed to offer risk activities under the Swiss Federal Act on Mountain Guiding and Other Risk Activities (RiskA), certified by <a href="https://www.safetyinadventures.ch">Safety in adventures</a>. Our mountain guides are members of the Swiss Mountain Guides Association <a href="https://www.sbv-asgm.ch">SBV</a>.</p>
<h2>Responsible for content</h2>
<p>Lukas Brunner, Seestrasse 21, 3800 Interlaken. Please send questions about bookings, gift vouchers and group offers directly to our office; we usually reply within one working day.</p>
<h2>Bank details</h2>
<p>Berner Kantonalbank AG, IBAN CH93 0079 0016 1234 5678 9</p>
<h2>Disclaimer</h2>
<p>We check the content of this website carefully but cannot guarantee that it is correct, complete or up to date. The operators of linked websites are solely responsible for their content.</p>
<h2>Copyright</h2>
<p>Texts, images and graphics on this website belong to Alpin Abenteuer GmbH or the rights holders named. Any use beyond private use requires our prior written consent.</p>`,
  fr: `<h2>Mentions légales</h2>
<p><strong>Alpin Abenteuer GmbH</strong><br>Seestrasse 21<br>3800 Interlaken<br>Suisse</p>
<h2>Contact</h2>
<p>Téléphone : <a href="tel:+41331234567">+41 33 123 45 67</a><br>E-mail : <a href="mailto:info@alpin-abenteuer.ch">info@alpin-abenteuer.ch</a><br>Web : <a href="https://www.alpin-abenteuer.ch">www.alpin-abenteuer.ch</a></p>
<h2>Personne autorisée à représenter la société</h2>
<p>Lukas Brunner, directeur</p>
<h2>Registre du commerce</h2>
<ul>
<li>Inscrite au registre du commerce du canton de Berne</li>
<li>Numéro d'identification des entreprises (IDE) : CHE-123.456.789</li>
<li>Numéro TVA : CHE-123.456.789 TVA</li>
</ul>
<h2>Autorisations et affiliations</h2>
<p>Autorisation de proposer des activités à risque selon la loi fédérale sur les guides de montagne et les organisateurs d'autres activités à risque (LRisque), certifiée par <a href="https://www.safetyinadventures.ch">Safety in adventures</a>. Nos guides de montagne sont membres de l'Association suisse des guides de montagne <a href="https://www.sbv-asgm.ch">ASGM</a>.</p>
<h2>Responsable du contenu</h2>
<p>Lukas Brunner, Seestrasse 21, 3800 Interlaken. Pour toute question sur les réservations, les bons cadeaux ou les offres de groupe, adressez-vous directement à notre bureau ; nous répondons en général dans un délai d'un jour ouvrable.</p>
<h2>Coordonnées bancaires</h2>
<p>Banque Cantonale Bernoise SA, IBAN CH93 0079 0016 1234 5678 9</p>
<h2>Exclusion de responsabilité</h2>
<p>Nous vérifions soigneusement le contenu de ce site, sans pouvoir garantir son exactitude, son exhaustivité ni son actualité. Les exploitants des sites liés sont seuls responsables de leur contenu.</p>
<h2>Droits d'auteur</h2>
<p>Les textes, images et graphiques de ce site appartiennent à Alpin Abenteuer GmbH ou aux titulaires de droits mentionnés. Toute utilisation dépassant le cadre privé requiert notre accord écrit préalable.</p>`,
}

const alpinPrivacy: LocalizedText = {
  de: `<h2>Datenschutzerklärung</h2>
<p>Diese Erklärung informiert Sie gemäss dem Bundesgesetz über den Datenschutz (<strong>revDSG</strong>) darüber, welche Personendaten wir bearbeiten. Verantwortlich ist die Alpin Abenteuer GmbH, Seestrasse 21, 3800 Interlaken, <a href="mailto:datenschutz@alpin-abenteuer.ch">datenschutz@alpin-abenteuer.ch</a>.</p>
<h2>Welche Daten wir bearbeiten</h2>
<ul>
<li>Kontakt- und Buchungsdaten: Name, E-Mail, Telefonnummer, gebuchte Aktivitäten und Termine</li>
<li>Angaben zu Teilnehmenden, soweit für die Sicherheit nötig: Alter, Körpergrösse, Gewicht, Schwimmfähigkeit</li>
<li>Zahlungsdaten; Kartendaten bearbeitet ausschliesslich unser Zahlungsdienstleister</li>
<li>Technische Daten beim Besuch der Website (IP-Adresse, Browser, Zeitpunkt)</li>
</ul>
<h2>Zweck</h2>
<p>Wir verwenden die Daten, um Buchungen abzuwickeln, Sie vor der Aktivität zu informieren (z. B. bei Wetteränderungen), die Sicherheit der Teilnehmenden zu gewährleisten und gesetzliche Pflichten zu erfüllen. Newsletter versenden wir nur mit Ihrer Einwilligung.</p>
<h2>Weitergabe und Auslandsbekanntgabe</h2>
<p>Wir geben Daten nur an sorgfältig ausgewählte Dienstleister weiter (Hosting in der Schweiz, Zahlungsabwicklung, E-Mail-Versand). Erfolgt eine Bearbeitung im Ausland, dann nur in Staaten mit angemessenem Datenschutz oder auf Grundlage von Standardvertragsklauseln.</p>
<h2>Aufbewahrung</h2>
<p>Buchungs- und Buchhaltungsdaten bewahren wir während der gesetzlichen Frist von zehn Jahren auf, übrige Daten nur so lange, wie es der Zweck erfordert.</p>
<h2>Cookies</h2>
<p>Wir setzen nur technisch notwendige Cookies ein, etwa für den Warenkorb und die Sprachwahl.</p>
<h2>Ihre Rechte</h2>
<p>Sie können Auskunft, Berichtigung, Löschung und die Herausgabe Ihrer Daten verlangen sowie erteilte Einwilligungen widerrufen. Wenden Sie sich dazu an uns. Zudem können Sie beim <a href="https://www.edoeb.admin.ch">Eidgenössischen Datenschutz- und Öffentlichkeitsbeauftragten (EDÖB)</a> Anzeige erstatten.</p>`,
  en: `<h2>Privacy policy</h2>
<p>This policy explains, in accordance with the Swiss Federal Act on Data Protection (<strong>FADP</strong>), which personal data we process. The controller is Alpin Abenteuer GmbH, Seestrasse 21, 3800 Interlaken, <a href="mailto:datenschutz@alpin-abenteuer.ch">datenschutz@alpin-abenteuer.ch</a>.</p>
<h2>Data we process</h2>
<ul>
<li>Contact and booking data: name, email, phone number, booked activities and dates</li>
<li>Participant details where needed for safety: age, height, weight, swimming ability</li>
<li>Payment data; card details are processed exclusively by our payment provider</li>
<li>Technical data when you visit the website (IP address, browser, time of access)</li>
</ul>
<h2>Purpose</h2>
<p>We use the data to handle bookings, to inform you before your activity (for example about weather changes), to ensure participants' safety and to meet our legal obligations. We only send newsletters with your consent.</p>
<h2>Disclosure and transfers abroad</h2>
<p>We only share data with carefully selected service providers (hosting in Switzerland, payment processing, email delivery). Where data is processed abroad, this only happens in countries with adequate data protection or on the basis of standard contractual clauses.</p>
<h2>Retention</h2>
<p>We keep booking and accounting records for the statutory period of ten years and all other data only as long as its purpose requires.</p>
<h2>Cookies</h2>
<p>We only use technically necessary cookies, for example for the shopping cart and your language choice.</p>
<h2>Your rights</h2>
<p>You may request access to, correction, deletion and a copy of your data and withdraw any consent you have given. Simply contact us. You can also lodge a complaint with the <a href="https://www.edoeb.admin.ch">Federal Data Protection and Information Commissioner (FDPIC)</a>.</p>`,
  fr: `<h2>Politique de confidentialité</h2>
<p>Conformément à la loi fédérale sur la protection des données (<strong>nLPD</strong>), la présente déclaration indique quelles données personnelles nous traitons. Le responsable du traitement est Alpin Abenteuer GmbH, Seestrasse 21, 3800 Interlaken, <a href="mailto:datenschutz@alpin-abenteuer.ch">datenschutz@alpin-abenteuer.ch</a>.</p>
<h2>Données traitées</h2>
<ul>
<li>Données de contact et de réservation : nom, e-mail, numéro de téléphone, activités et dates réservées</li>
<li>Informations sur les participants nécessaires à la sécurité : âge, taille, poids, aptitude à nager</li>
<li>Données de paiement ; les données de carte sont traitées exclusivement par notre prestataire de paiement</li>
<li>Données techniques lors de la visite du site (adresse IP, navigateur, heure)</li>
</ul>
<h2>Finalités</h2>
<p>Nous utilisons ces données pour traiter les réservations, vous informer avant l'activité (p. ex. en cas de changement météo), garantir la sécurité des participants et respecter nos obligations légales. Nous n'envoyons de newsletter qu'avec votre consentement.</p>
<h2>Communication et transfert à l'étranger</h2>
<p>Nous ne transmettons des données qu'à des prestataires soigneusement choisis (hébergement en Suisse, paiement, envoi d'e-mails). Un traitement à l'étranger n'a lieu que dans des États offrant une protection adéquate ou sur la base de clauses contractuelles types.</p>
<h2>Conservation</h2>
<p>Les données de réservation et comptables sont conservées pendant le délai légal de dix ans, les autres données aussi longtemps que leur finalité l'exige.</p>
<h2>Cookies</h2>
<p>Nous utilisons uniquement des cookies techniquement nécessaires, par exemple pour le panier et le choix de la langue.</p>
<h2>Vos droits</h2>
<p>Vous pouvez demander l'accès à vos données, leur rectification, leur effacement ou leur remise, et retirer un consentement donné. Il suffit de nous contacter. Vous pouvez également vous adresser au <a href="https://www.edoeb.admin.ch">Préposé fédéral à la protection des données et à la transparence (PFPDT)</a>.</p>`,
}

const alpinTerms: LocalizedText = {
  de: `<h2>Allgemeine Geschäftsbedingungen</h2>
<p>Diese AGB gelten für alle Buchungen bei der Alpin Abenteuer GmbH, Interlaken.</p>
<h2>Buchung</h2>
<p>Mit dem Abschluss der Online-Buchung und unserer Bestätigung per E-Mail kommt der Vertrag zustande. Die buchende Person ist für die Richtigkeit der Angaben aller Teilnehmenden verantwortlich und stellt sicher, dass diese die Teilnahmevoraussetzungen (Mindestalter, Gesundheit, Schwimmfähigkeit) erfüllen.</p>
<h2>Preise und Zahlung</h2>
<p>Alle Preise verstehen sich in Schweizer Franken (CHF) inklusive gesetzlicher Mehrwertsteuer, Ausrüstung und Führung. Sie bezahlen nach Wahl bei der Buchung online (Kreditkarte oder TWINT), später über den Zahlungslink, den wir Ihnen per E-Mail senden, oder vor Ort am Tag der Aktivität.</p>
<h2>Annullierung durch Gäste</h2>
<ul>
<li>bis 14 Tage vor der Aktivität: kostenlos</li>
<li>13 bis 3 Tage vorher: <strong>50 %</strong> des Preises</li>
<li>weniger als 48 Stunden vorher oder Nichterscheinen: <strong>100 %</strong></li>
</ul>
<p>Ersatzteilnehmende können jederzeit kostenlos gemeldet werden.</p>
<h2>Wetter und Absage durch uns</h2>
<p>Unsere Guides entscheiden aus Sicherheitsgründen über die Durchführung. Sagen wir eine Aktivität wegen Wetter, Wasserstand oder zu wenigen Teilnehmenden ab, bieten wir ein Ersatzdatum an oder erstatten den vollen Preis. Weitergehende Ansprüche sind ausgeschlossen.</p>
<h2>Haftung und Versicherung</h2>
<p>Outdoor-Aktivitäten bergen Restrisiken. Wir haften im Rahmen des Gesetzes; die Haftung für leichte Fahrlässigkeit ist ausgeschlossen, soweit gesetzlich zulässig. Die Versicherung (Unfall, Krankheit, Annullierungskosten) ist Sache der Teilnehmenden. Den Anweisungen der Guides ist Folge zu leisten.</p>
<h2>Anwendbares Recht und Gerichtsstand</h2>
<p>Es gilt ausschliesslich schweizerisches Recht. Gerichtsstand ist Interlaken, vorbehalten bleiben zwingende Gerichtsstände für Konsumentinnen und Konsumenten.</p>`,
  en: `<h2>General terms and conditions</h2>
<p>These terms apply to all bookings with Alpin Abenteuer GmbH, Interlaken.</p>
<h2>Booking</h2>
<p>The contract is concluded when you complete your online booking and receive our confirmation by email. The person booking is responsible for the accuracy of all participants' details and ensures that they meet the requirements (minimum age, health, ability to swim).</p>
<h2>Prices and payment</h2>
<p>All prices are in Swiss francs (CHF) and include statutory VAT, equipment and guiding. You choose how to pay: online when you book (credit card or TWINT), later through the payment link we send you by e-mail, or on site on the day of the activity.</p>
<h2>Cancellation by guests</h2>
<ul>
<li>up to 14 days before the activity: free of charge</li>
<li>13 to 3 days before: <strong>50%</strong> of the price</li>
<li>less than 48 hours before or no-show: <strong>100%</strong></li>
</ul>
<p>You may name a substitute participant at any time free of charge.</p>
<h2>Weather and cancellation by us</h2>
<p>For safety reasons our guides decide whether an activity takes place. If we cancel because of weather, water levels or too few participants, we offer an alternative date or a full refund. Any further claims are excluded.</p>
<h2>Liability and insurance</h2>
<p>Outdoor activities involve residual risks. We are liable within the limits of the law; liability for slight negligence is excluded to the extent permitted by law. Participants are responsible for their own insurance (accident, illness, cancellation costs) and must follow the guides' instructions.</p>
<h2>Applicable law and jurisdiction</h2>
<p>These terms are governed exclusively by Swiss law. The place of jurisdiction is Interlaken, subject to mandatory places of jurisdiction for consumers.</p>`,
  fr: `<h2>Conditions générales</h2>
<p>Les présentes conditions s'appliquent à toutes les réservations auprès d'Alpin Abenteuer GmbH, Interlaken.</p>
<h2>Réservation</h2>
<p>Le contrat est conclu dès la réservation en ligne finalisée et notre confirmation envoyée par e-mail. La personne qui réserve répond de l'exactitude des données de tous les participants et s'assure qu'ils remplissent les conditions requises (âge minimum, santé, aptitude à nager).</p>
<h2>Prix et paiement</h2>
<p>Tous les prix sont indiqués en francs suisses (CHF), TVA légale, équipement et encadrement compris. Vous choisissez comment payer : en ligne lors de la réservation (carte de crédit ou TWINT), plus tard par le lien de paiement que nous vous envoyons par e-mail, ou sur place le jour de l'activité.</p>
<h2>Annulation par le client</h2>
<ul>
<li>jusqu'à 14 jours avant l'activité : sans frais</li>
<li>de 13 à 3 jours avant : <strong>50 %</strong> du prix</li>
<li>moins de 48 heures avant ou absence : <strong>100 %</strong></li>
</ul>
<p>Un participant de remplacement peut être annoncé gratuitement en tout temps.</p>
<h2>Météo et annulation de notre part</h2>
<p>Pour des raisons de sécurité, nos guides décident du maintien de l'activité. Si nous annulons en raison de la météo, du niveau de l'eau ou d'un nombre insuffisant de participants, nous proposons une autre date ou le remboursement intégral. Toute autre prétention est exclue.</p>
<h2>Responsabilité et assurance</h2>
<p>Les activités de plein air comportent des risques résiduels. Notre responsabilité est engagée dans les limites de la loi ; elle est exclue pour la négligence légère dans la mesure où la loi le permet. L'assurance (accident, maladie, frais d'annulation) incombe aux participants, qui suivent les instructions des guides.</p>
<h2>Droit applicable et for</h2>
<p>Le droit suisse est seul applicable. Le for est à Interlaken, sous réserve des fors impératifs prévus pour les consommateurs.</p>`,
}

const alpin: DemoShop = {
  slug: 'alpin',
  customDomains: ['www.alpin-abenteuer.ch'],
  config: {
    labels: {
      title: {
        de: 'Alpin Abenteuer Interlaken',
        en: 'Alpine Adventures Interlaken',
        fr: 'Aventures Alpines Interlaken',
      },
      slogan: {
        de: 'Canyoning, Rafting und Klettersteige – mitten im Berner Oberland',
        en: 'Canyoning, rafting and via ferratas in the heart of the Bernese Oberland',
        fr: "Canyoning, rafting et via ferrata au cœur de l'Oberland bernois",
      },
    },
    theme: { colorPalette: alpinPalette },
    contact: {
      name: 'Alpin Abenteuer GmbH',
      email: 'info@alpin-abenteuer.ch',
      phone: '+41 33 123 45 67',
      website: 'https://www.alpin-abenteuer.ch',
      openingHours: {
        de: 'April–Oktober: täglich 8.00–18.00 Uhr; November–März: Mo–Fr 9.00–17.00 Uhr',
        en: 'April–October: daily 8:00–18:00; November–March: Mon–Fri 9:00–17:00',
        fr: 'Avril à octobre : tous les jours de 8 h à 18 h; novembre à mars : du lundi au vendredi de 9 h à 17 h',
      },
      address: {
        street: 'Seestrasse',
        streetNumber: '21',
        postalCode: '3800',
        city: 'Interlaken',
        country: 'CH',
      },
    },
    media: { hero: 'alpin-hero', logo: 'alpin-logo' },
    filterConfig: { tags: true, dateRange: true, type: true, text: true },
    tags: [
      { slug: 'water', label: { de: 'Wasser', en: 'Water', fr: 'Eau' }, icon: 'mdi:waves' },
      { slug: 'climbing', label: { de: 'Klettern', en: 'Climbing', fr: 'Escalade' }, icon: 'mdi:carabiner' },
      { slug: 'family', label: { de: 'Familie', en: 'Family', fr: 'Famille' }, icon: 'mdi:human-male-female-child' },
      { slug: 'half-day', label: { de: 'Halbtag', en: 'Half day', fr: 'Demi-journée' }, icon: 'mdi:clock-outline' },
      { slug: 'full-day', label: { de: 'Ganztag', en: 'Full day', fr: 'Journée entière' }, icon: 'mdi:weather-sunny' },
      { slug: 'winter', label: { de: 'Winter', en: 'Winter', fr: 'Hiver' }, icon: 'mdi:snowflake' },
      { slug: 'groups', label: { de: 'Gruppen & Firmen', en: 'Groups & companies', fr: 'Groupes & entreprises' }, icon: 'mdi:account-group' },
    ],
    legal: { imprint: alpinImprint, privacyPolicy: alpinPrivacy, terms: alpinTerms },
    languages: ['de', 'en', 'fr'],
    timeZone: 'Europe/Zurich',
    currency: 'CHF',
    booking: { holdMinutes: 15, stockLowThreshold: 3, paymentOptions: ['PAY_NOW', 'PAY_ON_SITE', 'PAY_LATER'] },
  },
  media: {
    default: 'default.jpg',
    'alpin-hero': 'alpin-hero.jpg',
    'alpin-logo': 'alpin-logo.jpg',
  },
}

// ---------------------------------------------------------------------------
// Shop 2: Atelier Saveurs & Argile, Fribourg (fr, de)
// ---------------------------------------------------------------------------

/**
 * WCAG 2.x contrast ratios (foreground on background), all >= 4.5:1 (AA, normal text):
 * primary 5.67, secondary 6.51, accent 7.37, surface 14.28, background 12.94,
 * muted 7.19, error 7.00, success 6.07, warning 8.06, info 8.21.
 */
const atelierPalette: Record<string, PaletteColor> = {
  primary: color([163, 74, 42], [255, 250, 244]), // terracotta
  secondary: color([85, 96, 52], [255, 250, 244]), // olive
  accent: color([217, 164, 65], [40, 28, 20]), // mustard
  surface: color([255, 252, 247], [51, 38, 30]),
  background: color([248, 240, 230], [51, 38, 30]), // linen
  muted: color([236, 224, 208], [88, 66, 52]),
  error: color([168, 40, 40], WHITE),
  success: color([56, 110, 58], WHITE),
  warning: color([232, 170, 40], [40, 28, 20]),
  info: color([232, 238, 222], [62, 72, 36]),
}

const atelierImprint: LocalizedText = {
  fr: `<h2>Mentions légales</h2>
<p><strong>Atelier Saveurs &amp; Argile Sàrl</strong><br>Rue de Lausanne 45<br>1700 Fribourg<br>Suisse</p>
<h2>Contact</h2>
<p>Téléphone : <a href="tel:+41263214567">+41 26 321 45 67</a><br>E-mail : <a href="mailto:bonjour@atelier-saveurs.ch">bonjour@atelier-saveurs.ch</a><br>Web : <a href="https://www.atelier-saveurs.ch">www.atelier-saveurs.ch</a></p>
<h2>Gérance</h2>
<p>Camille Rossier, associée gérante</p>
<h2>Registre du commerce</h2>
<ul>
<li>Inscrite au registre du commerce du canton de Fribourg</li>
<li>Numéro d'identification des entreprises (IDE) : CHE-987.654.321</li>
<li>Numéro TVA : CHE-987.654.321 TVA</li>
</ul>
<h2>Responsable du contenu</h2>
<p>Camille Rossier, Rue de Lausanne 45, 1700 Fribourg. Pour les inscriptions, les bons cadeaux et les ateliers privés ou d'entreprise, écrivez-nous ou passez à l'atelier pendant les heures d'ouverture.</p>
<h2>Coordonnées bancaires</h2>
<p>Banque Cantonale de Fribourg, IBAN CH56 0076 8300 1234 5678 9</p>
<h2>Exclusion de responsabilité</h2>
<p>Nous vérifions avec soin les informations publiées sur ce site, sans pouvoir garantir leur exactitude, leur exhaustivité ni leur actualité. Les programmes et les prix des ateliers peuvent être modifiés. Les exploitants des sites liés sont seuls responsables de leur contenu.</p>
<h2>Droits d'auteur</h2>
<p>Les textes, photos, recettes et illustrations de ce site appartiennent à Atelier Saveurs &amp; Argile Sàrl. Toute reproduction, même partielle, requiert notre accord écrit préalable.</p>
<h2>Conception</h2>
<p>Illustrations : Atelier Saveurs &amp; Argile. Hébergement : prestataire établi en Suisse.</p>`,
  de: `<h2>Impressum</h2>
<p><strong>Atelier Saveurs &amp; Argile Sàrl</strong><br>Rue de Lausanne 45<br>1700 Freiburg<br>Schweiz</p>
<h2>Kontakt</h2>
<p>Telefon: <a href="tel:+41263214567">+41 26 321 45 67</a><br>E-Mail: <a href="mailto:bonjour@atelier-saveurs.ch">bonjour@atelier-saveurs.ch</a><br>Web: <a href="https://www.atelier-saveurs.ch">www.atelier-saveurs.ch</a></p>
<h2>Geschäftsführung</h2>
<p>Camille Rossier, geschäftsführende Gesellschafterin</p>
<h2>Handelsregister</h2>
<ul>
<li>Eingetragen im Handelsregister des Kantons Freiburg</li>
<li>Unternehmens-Identifikationsnummer (UID): CHE-987.654.321</li>
<li>Mehrwertsteuernummer: CHE-987.654.321 MWST</li>
</ul>
<h2>Verantwortlich für den Inhalt</h2>
<p>Camille Rossier, Rue de Lausanne 45, 1700 Freiburg. Für Anmeldungen, Gutscheine sowie private Kurse und Firmenanlässe schreiben Sie uns oder besuchen Sie das Atelier während der Öffnungszeiten.</p>
<h2>Bankverbindung</h2>
<p>Freiburger Kantonalbank, IBAN CH56 0076 8300 1234 5678 9</p>
<h2>Haftungsausschluss</h2>
<p>Wir prüfen die Angaben auf dieser Website sorgfältig, übernehmen jedoch keine Gewähr für deren Richtigkeit, Vollständigkeit und Aktualität. Kursprogramme und Preise können sich ändern. Für die Inhalte verlinkter Websites sind ausschliesslich deren Betreiber verantwortlich.</p>
<h2>Urheberrechte</h2>
<p>Texte, Fotos, Rezepte und Illustrationen auf dieser Website gehören der Atelier Saveurs &amp; Argile Sàrl. Jede Vervielfältigung, auch auszugsweise, bedarf unserer vorgängigen schriftlichen Zustimmung.</p>
<h2>Gestaltung</h2>
<p>Illustrationen: Atelier Saveurs &amp; Argile. Hosting: Anbieter mit Sitz in der Schweiz.</p>`,
}

const atelierPrivacy: LocalizedText = {
  fr: `<h2>Politique de confidentialité</h2>
<p>Conformément à la loi fédérale sur la protection des données (<strong>nLPD</strong>), nous vous informons ici du traitement de vos données personnelles. Responsable : Atelier Saveurs &amp; Argile Sàrl, Rue de Lausanne 45, 1700 Fribourg, <a href="mailto:bonjour@atelier-saveurs.ch">bonjour@atelier-saveurs.ch</a>.</p>
<h2>Données traitées</h2>
<ul>
<li>Nom, e-mail, numéro de téléphone et ateliers réservés</li>
<li>Allergies et intolérances alimentaires, uniquement si vous nous les indiquez, afin d'adapter les recettes</li>
<li>Âge des enfants inscrits aux ateliers pour enfants</li>
<li>Données de paiement, traitées par notre prestataire de paiement</li>
</ul>
<h2>Finalités</h2>
<p>Nous utilisons vos données pour gérer les inscriptions, préparer les ateliers, vous informer d'éventuels changements et tenir notre comptabilité. Les informations sur les allergies sont des données sensibles : elles ne sont consultées que par l'animatrice ou l'animateur de l'atelier et sont effacées après celui-ci.</p>
<h2>Communication à des tiers</h2>
<p>Vos données ne sont ni vendues ni louées. Elles sont transmises uniquement à nos prestataires (hébergement en Suisse, paiement, envoi d'e-mails), liés par contrat. Un transfert à l'étranger n'a lieu que vers des États offrant une protection adéquate ou moyennant des clauses contractuelles types.</p>
<h2>Conservation et cookies</h2>
<p>Les pièces comptables sont conservées dix ans, conformément à la loi. Le site n'utilise que des cookies techniquement nécessaires (panier, langue).</p>
<h2>Vos droits</h2>
<p>Vous pouvez demander l'accès à vos données, leur rectification ou leur effacement et retirer votre consentement à tout moment. Vous pouvez aussi vous adresser au <a href="https://www.edoeb.admin.ch">Préposé fédéral à la protection des données et à la transparence (PFPDT)</a>.</p>`,
  de: `<h2>Datenschutzerklärung</h2>
<p>Gemäss dem Bundesgesetz über den Datenschutz (<strong>revDSG</strong>) informieren wir Sie hier über die Bearbeitung Ihrer Personendaten. Verantwortlich: Atelier Saveurs &amp; Argile Sàrl, Rue de Lausanne 45, 1700 Freiburg, <a href="mailto:bonjour@atelier-saveurs.ch">bonjour@atelier-saveurs.ch</a>.</p>
<h2>Welche Daten wir bearbeiten</h2>
<ul>
<li>Name, E-Mail, Telefonnummer und gebuchte Kurse</li>
<li>Allergien und Unverträglichkeiten, nur wenn Sie uns diese mitteilen, damit wir die Rezepte anpassen können</li>
<li>Alter der Kinder in Kinderkursen</li>
<li>Zahlungsdaten, bearbeitet durch unseren Zahlungsdienstleister</li>
</ul>
<h2>Zweck</h2>
<p>Wir verwenden Ihre Daten, um Anmeldungen zu verwalten, die Kurse vorzubereiten, Sie über Änderungen zu informieren und unsere Buchhaltung zu führen. Angaben zu Allergien sind besonders schützenswerte Daten: Nur die Kursleitung sieht sie ein, und sie werden nach dem Kurs gelöscht.</p>
<h2>Weitergabe an Dritte</h2>
<p>Wir verkaufen oder vermieten Ihre Daten nicht. Wir geben sie nur an vertraglich gebundene Dienstleister weiter (Hosting in der Schweiz, Zahlungsabwicklung, E-Mail-Versand). Eine Bekanntgabe ins Ausland erfolgt nur in Staaten mit angemessenem Datenschutz oder gestützt auf Standardvertragsklauseln.</p>
<h2>Aufbewahrung und Cookies</h2>
<p>Buchhaltungsbelege bewahren wir gemäss Gesetz zehn Jahre auf. Die Website verwendet nur technisch notwendige Cookies (Warenkorb, Sprache).</p>
<h2>Ihre Rechte</h2>
<p>Sie können jederzeit Auskunft, Berichtigung oder Löschung Ihrer Daten verlangen und Einwilligungen widerrufen. Zudem können Sie sich an den <a href="https://www.edoeb.admin.ch">Eidgenössischen Datenschutz- und Öffentlichkeitsbeauftragten (EDÖB)</a> wenden.</p>`,
}

const atelierTerms: LocalizedText = {
  fr: `<h2>Conditions générales</h2>
<p>Les présentes conditions régissent les inscriptions aux ateliers d'Atelier Saveurs &amp; Argile Sàrl, Fribourg.</p>
<h2>Inscription</h2>
<p>L'inscription devient définitive dès réception de notre confirmation par e-mail. Les places sont attribuées dans l'ordre des réservations. Les enfants participent aux ateliers pour enfants dès l'âge indiqué dans le descriptif.</p>
<h2>Prix et paiement</h2>
<p>Les prix sont indiqués en francs suisses (CHF), TVA comprise, matériel, ingrédients et cuisson des pièces en céramique inclus. Vous payez au choix en ligne lors de l'inscription (carte ou TWINT), ou plus tard : par le lien de paiement que nous vous envoyons par e-mail ou sur place, le jour du cours. Les bons cadeaux sont valables deux ans.</p>
<h2>Annulation</h2>
<ul>
<li>jusqu'à 10 jours avant l'atelier : sans frais</li>
<li>de 9 à 3 jours avant : <strong>50 %</strong> du prix</li>
<li>moins de 3 jours avant ou absence : <strong>100 %</strong></li>
</ul>
<p>Vous pouvez vous faire remplacer gratuitement par une autre personne. Si le nombre minimum de participants n'est pas atteint, nous proposons une autre date ou remboursons l'intégralité du prix.</p>
<h2>Allergies, sécurité et responsabilité</h2>
<p>Merci de signaler vos allergies lors de l'inscription. Nous adaptons les recettes dans la mesure du possible, sans pouvoir exclure toute trace d'allergènes. Chaque participant est responsable de son assurance accident et responsabilité civile. Notre responsabilité est limitée aux dommages causés intentionnellement ou par négligence grave. Les pièces en céramique sont à retirer dans les quatre semaines suivant la cuisson.</p>
<h2>Droit applicable et for</h2>
<p>Le droit suisse est applicable. Le for est à Fribourg, sous réserve des fors impératifs prévus pour les consommateurs.</p>`,
  de: `<h2>Allgemeine Geschäftsbedingungen</h2>
<p>Diese Bedingungen gelten für alle Anmeldungen zu Kursen der Atelier Saveurs &amp; Argile Sàrl, Freiburg.</p>
<h2>Anmeldung</h2>
<p>Die Anmeldung ist verbindlich, sobald Sie unsere Bestätigung per E-Mail erhalten. Die Plätze werden in der Reihenfolge der Buchungen vergeben. Kinder nehmen an Kinderkursen ab dem in der Beschreibung angegebenen Alter teil.</p>
<h2>Preise und Zahlung</h2>
<p>Die Preise verstehen sich in Schweizer Franken (CHF) inklusive Mehrwertsteuer, Material, Zutaten und Brennen der Keramikstücke. Sie bezahlen nach Wahl bei der Anmeldung online (Karte oder TWINT) oder später: über den Zahlungslink, den wir Ihnen per E-Mail senden, oder vor Ort am Kurstag. Gutscheine sind zwei Jahre gültig.</p>
<h2>Annullierung</h2>
<ul>
<li>bis 10 Tage vor dem Kurs: kostenlos</li>
<li>9 bis 3 Tage vorher: <strong>50 %</strong> des Preises</li>
<li>weniger als 3 Tage vorher oder Nichterscheinen: <strong>100 %</strong></li>
</ul>
<p>Eine Ersatzperson kann kostenlos teilnehmen. Wird die Mindestzahl an Teilnehmenden nicht erreicht, bieten wir ein anderes Datum an oder erstatten den vollen Preis.</p>
<h2>Allergien, Sicherheit und Haftung</h2>
<p>Bitte melden Sie Allergien bei der Anmeldung. Wir passen die Rezepte nach Möglichkeit an, können Spuren von Allergenen jedoch nicht ausschliessen. Für Unfall- und Haftpflichtversicherung sind die Teilnehmenden selbst verantwortlich. Wir haften nur für vorsätzlich oder grobfahrlässig verursachte Schäden. Keramikstücke sind innert vier Wochen nach dem Brennen abzuholen.</p>
<h2>Anwendbares Recht und Gerichtsstand</h2>
<p>Es gilt schweizerisches Recht. Gerichtsstand ist Freiburg, vorbehalten bleiben zwingende Gerichtsstände für Konsumentinnen und Konsumenten.</p>`,
}

const atelier: DemoShop = {
  slug: 'atelier',
  customDomains: ['www.atelier-saveurs.ch'],
  config: {
    labels: {
      title: {
        fr: 'Atelier Saveurs & Argile',
        de: 'Atelier Saveurs & Argile',
      },
      slogan: {
        fr: 'Cuisiner, façonner, partager – ateliers créatifs à Fribourg',
        de: 'Kochen, gestalten, geniessen – kreative Kurse in Freiburg',
      },
    },
    theme: { colorPalette: atelierPalette },
    contact: {
      name: 'Atelier Saveurs & Argile Sàrl',
      email: 'bonjour@atelier-saveurs.ch',
      phone: '+41 26 321 45 67',
      website: 'https://www.atelier-saveurs.ch',
      openingHours: {
        fr: "Mardi à vendredi : 10 h – 18 h; samedi : 9 h – 16 h; ateliers du soir jusqu'à 22 h",
        de: 'Di–Fr 10.00–18.00 Uhr, Sa 9.00–16.00 Uhr; Abendkurse bis 22.00 Uhr',
      },
      address: {
        street: 'Rue de Lausanne',
        streetNumber: '45',
        postalCode: '1700',
        city: 'Fribourg',
        country: 'CH',
      },
    },
    media: { hero: 'atelier-hero', logo: 'atelier-logo' },
    filterConfig: { tags: true, dateRange: true, type: true, text: true },
    tags: [
      { slug: 'cuisine', label: { fr: 'Cuisine', de: 'Kochen' }, icon: 'mdi:chef-hat' },
      { slug: 'patisserie', label: { fr: 'Pâtisserie', de: 'Backen & Patisserie' }, icon: 'mdi:cupcake' },
      { slug: 'ceramique', label: { fr: 'Céramique', de: 'Keramik' }, icon: 'mdi:palette' },
      { slug: 'enfants', label: { fr: 'Enfants', de: 'Kinder' }, icon: 'mdi:human-child' },
      { slug: 'soiree', label: { fr: 'Soirée', de: 'Abendkurs' }, icon: 'mdi:weather-night' },
      { slug: 'groupes', label: { fr: 'Groupes & entreprises', de: 'Gruppen & Firmen' }, icon: 'mdi:account-group' },
    ],
    legal: { imprint: atelierImprint, privacyPolicy: atelierPrivacy, terms: atelierTerms },
    languages: ['fr', 'de'],
    timeZone: 'Europe/Zurich',
    currency: 'CHF',
    booking: { holdMinutes: 15, stockLowThreshold: 3, paymentOptions: ['PAY_NOW', 'PAY_LATER_OR_ON_SITE'] },
  },
  media: {
    'atelier-hero': 'atelier-hero.jpg',
    'atelier-logo': 'atelier-logo.jpg',
  },
}

export const demoShops: DemoShop[] = [alpin, atelier]
