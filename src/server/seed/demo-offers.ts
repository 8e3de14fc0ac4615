/**
 * Demo offers of the demo shops (see demo-shops.ts), fictional but realistic.
 *
 * Every offer belongs to one shop (`shop` = shop slug) and needs texts in all of that
 * shop's `languages` (alpin: de, en, fr; atelier: fr, de). German texts follow Swiss
 * spelling (ss, never ß). Prices are in Rappen (12900 = CHF 129.00).
 *
 * Images live in seed/media/offers and are rendered by tools/images/make-offer-images.ts
 * (`<slug>-1.jpg`, `<slug>-2.jpg`; the first is the cover).
 *
 * Each shop shows every availability status and SKU type once on purpose (checked by
 * demo-offers.test.ts):
 * - AVAILABLE: the ordinary group activities (`sessions`, SKU type 'activity');
 * - STOCK_LOW: one activity with `placesLeft: 2`;
 * - SOLD_OUT: one activity with `soldOut: true`;
 * - UPON_REQUEST: one company/group event with `uponRequest: true`;
 * - one private service booked per slot ('private-service-slot') and one priced
 *   per participant ('private-service-participant'), both with a `schedule`.
 *
 * To add an offer: append it to the shop's list below, add its images to
 * tools/images/make-offer-images.ts and run `npm run images:offers`.
 */
import type { components } from '~/api/schema.gen'
import type { DemoOffer, DemoSchedule } from './offer-types'

type LocalizedText = components['schemas']['LocalizedText']
type Lang = 'de' | 'en' | 'fr'

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/** The parts of an offer description; `about` paragraphs may contain <strong>. */
type DescriptionParts = { about: string[]; meeting: string; bring: string[]; included: string[] }

const HEADINGS: Record<Lang, { meeting: string; bring: string; included: string }> = {
  de: { meeting: 'Treffpunkt', bring: 'Mitbringen', included: 'Inbegriffen' },
  en: { meeting: 'Meeting point', bring: 'What to bring', included: 'Included' },
  fr: { meeting: 'Point de rencontre', bring: 'À prendre avec vous', included: 'Compris dans le prix' },
}

const list = (items: string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`

/** Builds the simple HTML description (p, h3, ul/li, strong) for each given language. */
function describe(parts: Partial<Record<Lang, DescriptionParts>>): LocalizedText {
  const out: LocalizedText = {}
  for (const [lang, p] of Object.entries(parts) as [Lang, DescriptionParts][]) {
    const h = HEADINGS[lang]
    out[lang] = [
      ...p.about.map((text) => `<p>${text}</p>`),
      `<h3>${h.meeting}</h3>`,
      `<p>${p.meeting}</p>`,
      `<h3>${h.bring}</h3>`,
      list(p.bring),
      `<h3>${h.included}</h3>`,
      list(p.included),
    ].join('\n')
  }
  return out
}

/** Tuesday to Saturday, 09:00–12:00 and 13:30–17:30. */
const TUE_TO_SAT_OFFICE_HOURS: DemoSchedule['weeklyHours'] = ([2, 3, 4, 5, 6] as const).flatMap((weekday) => [
  { weekday, start: '09:00', end: '12:00' },
  { weekday, start: '13:30', end: '17:30' },
])

// ---------------------------------------------------------------------------
// Shop 1: Alpin Abenteuer, Interlaken (de, en, fr)
// ---------------------------------------------------------------------------

const KLETTERGARTEN_GSTEIGWILER = {
  name: 'Klettergarten Gsteigwiler',
  street: 'Lehnstrasse',
  streetNumber: '',
  postalCode: '3814',
  city: 'Gsteigwiler',
  country: 'CH',
  latitude: 46.6541,
  longitude: 7.8733,
}

/**
 * The shop's base (its address), where the tours with a transfer start: their meeting point. The
 * description's meeting paragraph starts with it, so that page, description and confirmations agree.
 */
const ALPIN_BASE = {
  de: 'Alpin Abenteuer Basis, Seestrasse 21, 3800 Interlaken',
  en: 'Alpin Abenteuer base, Seestrasse 21, 3800 Interlaken',
  fr: 'Base Alpin Abenteuer, Seestrasse 21, 3800 Interlaken',
} satisfies LocalizedText

const alpinOffers: DemoOffer[] = [
  // Group activity, AVAILABLE, two variants.
  {
    shop: 'alpin',
    slug: 'canyoning-grimsel',
    staffing: { participantsPerGuide: 6, preparationMinutes: 45 },
    title: { de: 'Canyoning Grimsel', en: 'Canyoning in the Grimsel canyon', fr: 'Canyoning au Grimsel' },
    intro: {
      de: 'Abseilen, rutschen, springen: Erleben Sie die wilde Grimselschlucht mit ihren glasklaren Gumpen. Ideal für Einsteigerinnen und Einsteiger mit etwas Mut.',
      en: 'Abseil, slide and jump your way down the wild Grimsel canyon and its crystal-clear pools. Perfect for first-timers with a bit of nerve.',
      fr: 'Rappels, toboggans naturels et sauts : découvrez les gorges sauvages du Grimsel et leurs vasques cristallines. Idéal pour une première expérience.',
    },
    description: describe({
      de: {
        about: [
          'Nach der Fahrt ins Haslital ziehen Sie Neoprenanzug und Helm an, und unsere Canyoning-Guides erklären Ihnen die wichtigsten Techniken. Danach geht es Schritt für Schritt die Schlucht hinunter: <strong>Abseilen über einen 15 Meter hohen Wasserfall</strong>, natürliche Wasserrutschen und Sprünge bis zu acht Meter. Jeder Sprung kann auch umgangen werden.',
          'Mindestalter 14 Jahre; Sie sollten schwimmen können und bei guter Gesundheit sein.',
        ],
        meeting: `${ALPIN_BASE.de}. Von dort fahren wir gemeinsam in rund 50 Minuten zum Einstieg bei Handegg.`,
        bring: ['Badekleider und Badetuch', 'Turnschuhe mit gutem Profil, die nass werden dürfen', 'Wenn möglich Kontaktlinsen statt Brille'],
        included: ['Erfahrene Canyoning-Guides', 'Komplette Ausrüstung mit Neoprenanzug, Helm und Klettergurt', 'Transport ab Interlaken', 'Snack und Getränk nach der Tour'],
      },
      en: {
        about: [
          'After the drive into the Hasli valley you put on a wetsuit and helmet while our canyoning guides explain the key techniques. Then you work your way down the gorge: <strong>a 15-metre abseil beside a waterfall</strong>, natural water slides and jumps of up to eight metres. Every jump can also be skipped.',
          'Minimum age 14; you should be able to swim and be in good health.',
        ],
        meeting: `${ALPIN_BASE.en}. From there we drive together to the start near Handegg (about 50 minutes).`,
        bring: ['Swimwear and a towel', 'Trainers with good grip that may get wet', 'Contact lenses instead of glasses, if possible'],
        included: ['Experienced canyoning guides', 'Full equipment: wetsuit, helmet and harness', 'Transport from Interlaken', 'Snack and drink after the tour'],
      },
      fr: {
        about: [
          "Après le trajet jusqu'au Haslital, vous enfilez combinaison néoprène et casque pendant que nos guides vous expliquent les techniques de base. Puis la descente commence : <strong>rappel de 15 mètres le long d'une cascade</strong>, toboggans naturels et sauts jusqu'à huit mètres. Chaque saut peut aussi être contourné.",
          'Âge minimum 14 ans ; il faut savoir nager et être en bonne santé.',
        ],
        meeting: `${ALPIN_BASE.fr}. Nous rejoignons ensemble le départ près de Handegg (environ 50 minutes de route).`,
        bring: ['Maillot de bain et linge de bain', 'Baskets avec une bonne semelle, qui peuvent être mouillées', 'Si possible des lentilles plutôt que des lunettes'],
        included: ['Guides de canyoning expérimentés', 'Équipement complet : combinaison néoprène, casque et baudrier', 'Transport depuis Interlaken', 'Collation et boisson après la descente'],
      },
    }),
    images: ['canyoning-grimsel-1.jpg', 'canyoning-grimsel-2.jpg'],
    tags: ['water', 'half-day'],
    meetingPoint: ALPIN_BASE,
    location: {
      name: 'Grimselschlucht, Handegg',
      street: 'Grimselstrasse',
      streetNumber: '',
      postalCode: '3864',
      city: 'Guttannen',
      country: 'CH',
      latitude: 46.6143,
      longitude: 8.3158,
    },
    related: ['rafting-luetschine', 'private-canyoning-saxeten', 'via-ferrata-muerren'],
    extras: [
      { key: 'photos', title: { de: 'Fotopaket (alle Bilder des Tages)', en: 'Photo package (all pictures of the day)', fr: 'Pack photos (toutes les images de la journée)' }, price: 2500 },
      { key: 'shoes', title: { de: 'Canyoning-Schuhe mieten', en: 'Canyoning shoe hire', fr: 'Location de chaussures de canyoning' }, price: 1000 },
    ],
    skus: [
      { key: 'adult', type: 'activity', title: { de: 'Erwachsene', en: 'Adult', fr: 'Adulte' }, price: 14900, durationMinutes: 240 },
      { key: 'youth', type: 'activity', title: { de: 'Jugendliche (14–17 Jahre)', en: 'Youth (14–17)', fr: 'Jeunes (14–17 ans)' }, price: 12900, durationMinutes: 240 },
    ],
    sessions: { weekdays: [1, 3, 5, 6], times: ['08:30', '13:30'], capacity: 10, weeks: 13, takenShare: 0.4 },
  },

  // Group activity, AVAILABLE, two variants.
  {
    shop: 'alpin',
    slug: 'rafting-luetschine',
    staffing: { participantsPerGuide: 8, preparationMinutes: 30 },
    title: { de: 'River Rafting auf der Lütschine', en: 'White-water rafting on the Lütschine', fr: 'Rafting sur la Lütschine' },
    intro: {
      de: 'Wildwasser pur: Im Schlauchboot geht es durch die Stromschnellen der Lütschine, mitten im Panorama von Eiger, Mönch und Jungfrau.',
      en: 'Pure white water: paddle your raft through the rapids of the Lütschine, right beneath the Eiger, Mönch and Jungfrau.',
      fr: "De l'eau vive à l'état pur : en raft, vous affrontez les rapides de la Lütschine, au pied de l'Eiger, du Mönch et de la Jungfrau.",
    },
    description: describe({
      de: {
        about: [
          'Das Gletscherwasser der Lütschine sorgt für eine rasante Fahrt mit Stromschnellen der Schwierigkeitsstufe III bis IV. Nach einer ausführlichen Sicherheitsinstruktion am Ufer paddeln Sie im Team mit Ihrem Guide rund eine Stunde flussabwärts bis nach Wilderswil.',
          'Mindestalter 14 Jahre, Schwimmkenntnisse erforderlich. Bei Hochwasser weichen wir auf einen ruhigeren Flussabschnitt aus.',
        ],
        meeting: `${ALPIN_BASE.de}. Der Transfer zum Einstieg in Zweilütschinen ist inbegriffen.`,
        bring: ['Badekleider und Badetuch', 'Turnschuhe, die nass werden dürfen', 'Sonnencreme'],
        included: ['Ausgebildete Rafting-Guides', 'Neoprenanzug, Schwimmweste, Helm und Paddel', 'Transfer ab Interlaken', 'Heisse Dusche in unserer Basis'],
      },
      en: {
        about: [
          'Glacier meltwater makes the Lütschine a fast ride with class III to IV rapids. After a thorough safety briefing on the bank, you paddle as a team with your guide for about an hour downstream to Wilderswil.',
          'Minimum age 14; you must be able to swim. When the water is too high we switch to a calmer stretch of river.',
        ],
        meeting: `${ALPIN_BASE.en}. The transfer to the put-in at Zweilütschinen is included.`,
        bring: ['Swimwear and a towel', 'Trainers that may get wet', 'Sun cream'],
        included: ['Trained rafting guides', 'Wetsuit, life jacket, helmet and paddle', 'Transfer from Interlaken', 'Hot shower at our base'],
      },
      fr: {
        about: [
          "Alimentée par les glaciers, la Lütschine offre une descente rapide avec des rapides de classe III à IV. Après des consignes de sécurité détaillées sur la rive, vous pagayez en équipe avec votre guide pendant environ une heure jusqu'à Wilderswil.",
          'Âge minimum 14 ans, savoir nager est indispensable. En cas de hautes eaux, nous choisissons un tronçon plus calme.',
        ],
        meeting: `${ALPIN_BASE.fr}. Le transfert jusqu'à l'embarquement à Zweilütschinen est compris.`,
        bring: ['Maillot de bain et linge de bain', 'Baskets qui peuvent être mouillées', 'Crème solaire'],
        included: ['Guides de rafting formés', 'Combinaison néoprène, gilet de sauvetage, casque et pagaie', 'Transfert depuis Interlaken', 'Douche chaude à notre base'],
      },
    }),
    images: ['rafting-luetschine-1.jpg', 'rafting-luetschine-2.jpg'],
    tags: ['water', 'half-day'],
    meetingPoint: ALPIN_BASE,
    location: {
      name: 'Einstieg Zweilütschinen',
      street: 'Grindelwaldstrasse',
      streetNumber: '',
      postalCode: '3815',
      city: 'Zweilütschinen',
      country: 'CH',
      latitude: 46.6317,
      longitude: 7.9006,
    },
    related: ['canyoning-grimsel', 'sup-lake-brienz', 'team-event-raft-grill'],
    extras: [
      { key: 'photos', title: { de: 'Fotopaket', en: 'Photo package', fr: 'Pack photos' }, price: 2000 },
    ],
    skus: [
      { key: 'adult', type: 'activity', title: { de: 'Erwachsene', en: 'Adult', fr: 'Adulte' }, price: 11900, durationMinutes: 180 },
      { key: 'youth', type: 'activity', title: { de: 'Jugendliche (14–17 Jahre)', en: 'Youth (14–17)', fr: 'Jeunes (14–17 ans)' }, price: 9900, durationMinutes: 180 },
    ],
    sessions: { weekdays: [0, 2, 4, 6], times: ['09:00', '14:00'], capacity: 16, weeks: 13, takenShare: 0.35 },
  },

  // STOCK_LOW: only 2 places left on every session.
  {
    shop: 'alpin',
    slug: 'via-ferrata-muerren',
    staffing: { participantsPerGuide: 6, preparationMinutes: 30 },
    title: { de: 'Klettersteig Mürren–Gimmelwald', en: 'Via ferrata Mürren–Gimmelwald', fr: 'Via ferrata Mürren–Gimmelwald' },
    intro: {
      de: 'Über Leitern, Seilbrücken und eine spektakuläre Hängebrücke hoch über dem Lauterbrunnental – geführt und bestens gesichert.',
      en: 'Ladders, cable bridges and a spectacular suspension bridge high above the Lauterbrunnen valley – guided and fully secured.',
      fr: 'Échelles, passerelles et un spectaculaire pont suspendu au-dessus de la vallée de Lauterbrunnen – avec un guide et en toute sécurité.',
    },
    description: describe({
      de: {
        about: [
          'Der Klettersteig führt von Mürren der senkrechten Felswand entlang nach Gimmelwald. Stahlseile, Eisenbügel und die <strong>80 Meter lange Hängebrücke</strong> machen die Tour auch ohne Klettererfahrung möglich. Schwindelfreiheit und eine gute Kondition für rund fünf Stunden unterwegs setzen wir aber voraus.',
          'Mittags picknicken wir mit Blick auf Eiger, Mönch und Jungfrau.',
        ],
        meeting: 'Bahnhof Mürren BLM. Die Anreise mit Bahn und Seilbahn ist nicht inbegriffen; zurück geht es ab Gimmelwald mit der Luftseilbahn.',
        bring: ['Feste Wanderschuhe', 'Wetterfeste Jacke und Handschuhe, zum Beispiel Velohandschuhe', 'Sonnenschutz und mindestens 1,5 Liter Wasser'],
        included: ['Bergführerin oder Bergführer SBV', 'Klettersteigset, Helm und Gurt', 'Picknick-Lunch', 'Luftseilbahn Gimmelwald–Stechelberg'],
      },
      en: {
        about: [
          'The via ferrata runs along the sheer rock face from Mürren to Gimmelwald. Steel cables, iron rungs and the <strong>80-metre suspension bridge</strong> make the route possible without any climbing experience, but you need a head for heights and the stamina for about five hours on the move.',
          'At lunchtime we picnic with a view of the Eiger, Mönch and Jungfrau.',
        ],
        meeting: 'Mürren BLM railway station. Travel there by train and cable car is not included; we return from Gimmelwald by cable car.',
        bring: ['Sturdy hiking boots', 'Weatherproof jacket and gloves, cycling gloves are ideal', 'Sun protection and at least 1.5 litres of water'],
        included: ['Certified mountain guide (SBV)', 'Via ferrata set, helmet and harness', 'Picnic lunch', 'Cable car Gimmelwald–Stechelberg'],
      },
      fr: {
        about: [
          "La via ferrata longe la paroi verticale de Mürren à Gimmelwald. Câbles, échelons et le <strong>pont suspendu de 80 mètres</strong> la rendent accessible sans expérience de l'escalade ; il faut toutefois ne pas avoir le vertige et être en forme pour environ cinq heures d'effort.",
          "À midi, pique-nique face à l'Eiger, au Mönch et à la Jungfrau.",
        ],
        meeting: "Gare de Mürren BLM. Le trajet en train et en téléphérique jusqu'à Mürren n'est pas compris ; le retour se fait en téléphérique depuis Gimmelwald.",
        bring: ['De bonnes chaussures de randonnée', 'Une veste imperméable et des gants, par exemple de vélo', "Protection solaire et au moins 1,5 litre d'eau"],
        included: ['Guide de montagne diplômé (ASGM)', 'Set de via ferrata, casque et baudrier', 'Pique-nique', 'Téléphérique Gimmelwald–Stechelberg'],
      },
    }),
    images: ['via-ferrata-muerren-1.jpg', 'via-ferrata-muerren-2.jpg'],
    tags: ['climbing', 'full-day'],
    location: {
      name: 'Bahnhof Mürren BLM',
      street: 'Mürren',
      streetNumber: '',
      postalCode: '3825',
      city: 'Mürren',
      country: 'CH',
      latitude: 46.5603,
      longitude: 7.8923,
    },
    related: ['glacier-hike-grindelwald', 'climbing-taster-family', 'private-climbing-lesson'],
    skus: [{ key: 'adult', type: 'activity', title: { de: 'Pro Person', en: 'Per person', fr: 'Par personne' }, price: 16900, durationMinutes: 420 }],
    sessions: { weekdays: [2, 5, 6], times: ['08:00'], capacity: 8, weeks: 13, placesLeft: 2 },
  },

  // SOLD_OUT: every session fully booked.
  {
    shop: 'alpin',
    slug: 'glacier-hike-grindelwald',
    staffing: { participantsPerGuide: 8, preparationMinutes: 30 },
    title: { de: 'Gletschertrekking Grindelwald', en: 'Glacier trek in Grindelwald', fr: 'Trek glaciaire à Grindelwald' },
    intro: {
      de: 'Mit Steigeisen und Seil unterwegs auf dem Eis: eine Tagestour über den Unteren Grindelwaldgletscher, vorbei an tiefblauen Spalten.',
      en: 'Crampons on, rope up: a day on the ice of the Lower Grindelwald Glacier, past deep-blue crevasses.',
      fr: 'Crampons aux pieds et encordés : une journée sur la glace du glacier inférieur de Grindelwald, entre crevasses bleutées et séracs.',
    },
    description: describe({
      de: {
        about: [
          'Nach dem Aufstieg zur Gletscherzunge lernen Sie den Umgang mit Steigeisen und Pickel. Anschliessend gehen Sie als Seilschaft über den Gletscher, immer begleitet von einer diplomierten Bergführerin oder einem diplomierten Bergführer. Unterwegs erfahren Sie viel über das Eis, seine Bewegungen und den <strong>Rückgang der Gletscher</strong>.',
          'Voraussetzungen: Kondition für sechs bis sieben Stunden Gehzeit, Trittsicherheit und ein Mindestalter von 14 Jahren.',
        ],
        meeting: 'Grindelwald Terminal, Grundstrasse 54, Grindelwald, beim Haupteingang.',
        bring: ['Knöchelhohe Bergschuhe (Mietschuhe auf Anfrage)', 'Warme Kleidung, Mütze, Handschuhe und Sonnenbrille', 'Lunch und Getränke für den ganzen Tag'],
        included: ['Diplomierte Bergführerin oder diplomierter Bergführer', 'Steigeisen, Pickel, Helm, Gurt und Seil', 'Kleine Gruppen von höchstens zehn Personen'],
      },
      en: {
        about: [
          'After the walk up to the glacier snout you learn how to use crampons and an ice axe. Then you cross the glacier as a rope team, always accompanied by a certified mountain guide, and learn a lot about the ice, how it moves and how the <strong>glaciers are retreating</strong>.',
          'Requirements: the stamina for six to seven hours of walking, sure-footedness and a minimum age of 14.',
        ],
        meeting: 'Grindelwald Terminal, Grundstrasse 54, Grindelwald, at the main entrance.',
        bring: ['Mountain boots with ankle support (rental boots on request)', 'Warm clothes, hat, gloves and sunglasses', 'Lunch and drinks for the whole day'],
        included: ['Certified mountain guide', 'Crampons, ice axe, helmet, harness and rope', 'Small groups of no more than ten people'],
      },
      fr: {
        about: [
          "Après la montée jusqu'au front du glacier, vous apprenez à utiliser crampons et piolet. Vous progressez ensuite en cordée sur le glacier, toujours accompagnés d'un guide de montagne diplômé, et découvrez la vie de la glace, ses mouvements et le <strong>recul des glaciers</strong>.",
          'Conditions : une bonne endurance pour six à sept heures de marche, le pied sûr et un âge minimum de 14 ans.',
        ],
        meeting: "Grindelwald Terminal, Grundstrasse 54, Grindelwald, devant l'entrée principale.",
        bring: ['Chaussures de montagne montantes (location sur demande)', 'Vêtements chauds, bonnet, gants et lunettes de soleil', 'Pique-nique et boissons pour la journée'],
        included: ['Guide de montagne diplômé', 'Crampons, piolet, casque, baudrier et corde', 'Petits groupes de dix personnes au maximum'],
      },
    }),
    images: ['glacier-hike-grindelwald-1.jpg'],
    tags: ['full-day'],
    location: {
      name: 'Grindelwald Terminal',
      street: 'Grundstrasse',
      streetNumber: '54',
      postalCode: '3818',
      city: 'Grindelwald',
      country: 'CH',
      latitude: 46.6205,
      longitude: 8.0188,
    },
    related: ['via-ferrata-muerren', 'snowshoe-fondue-habkern'],
    skus: [{ key: 'adult', type: 'activity', title: { de: 'Pro Person', en: 'Per person', fr: 'Par personne' }, price: 18900, durationMinutes: 480 }],
    sessions: { weekdays: [3, 6], times: ['07:30'], capacity: 10, weeks: 13, soldOut: true },
  },

  // Group activity, AVAILABLE, three variants incl. a family ticket (4 places).
  // Capacity 20 so that the family ticket stays AVAILABLE rather than STOCK_LOW.
  {
    shop: 'alpin',
    slug: 'snowshoe-fondue-habkern',
    staffing: { participantsPerGuide: 10, preparationMinutes: 20 },
    title: { de: 'Schneeschuhtour mit Fondue', en: 'Snowshoe hike with cheese fondue', fr: 'Raquettes à neige et fondue' },
    intro: {
      de: 'Im Abendlicht mit Schneeschuhen durch verschneite Wälder zur Berghütte, wo ein währschaftes Käsefondue auf Sie wartet.',
      en: 'Snowshoe through snowy forests in the evening light to a mountain hut, where a hearty cheese fondue awaits.',
      fr: "Au coucher du soleil, en raquettes à travers les forêts enneigées jusqu'à un chalet d'alpage, où vous attend une bonne fondue.",
    },
    description: describe({
      de: {
        about: [
          'Ab Habkern wandern Sie mit unserer Wanderleiterin oder unserem Wanderleiter gemütlich rund zwei Stunden durch die stille Winterlandschaft. Wenn die Sonne hinter den Gipfeln verschwindet, erreichen Sie die Hütte und geniessen in der warmen Stube ein <strong>Fondue moitié-moitié</strong>. Zurück geht es mit Stirnlampen durch den Schnee – ein Erlebnis für die ganze Familie.',
          'Keine Vorkenntnisse nötig; geeignet für Kinder ab sechs Jahren.',
        ],
        meeting: 'Postautohaltestelle Habkern, Dorf. Mit dem Postauto ab Interlaken West in rund 25 Minuten erreichbar.',
        bring: ['Warme, wasserdichte Winterschuhe', 'Skihose, warme Jacke, Mütze und Handschuhe', 'Thermosflasche mit Tee'],
        included: ['Wanderleiterin oder Wanderleiter', 'Schneeschuhe, Stöcke und Stirnlampe', 'Käsefondue mit Brot und Kartoffeln (Getränke nicht inbegriffen)'],
      },
      en: {
        about: [
          'From Habkern you walk with our guide for about two relaxed hours through the quiet winter landscape. As the sun sets behind the peaks you reach the hut and enjoy a <strong>moitié-moitié cheese fondue</strong> in the cosy parlour. The way back leads through the snow by headlamp – an experience for the whole family.',
          'No experience needed; suitable for children aged six and over.',
        ],
        meeting: 'Habkern, Dorf post bus stop, about 25 minutes by post bus from Interlaken West.',
        bring: ['Warm, waterproof winter boots', 'Ski trousers, a warm jacket, hat and gloves', 'A thermos of tea'],
        included: ['Hiking guide', 'Snowshoes, poles and headlamp', 'Cheese fondue with bread and potatoes (drinks not included)'],
      },
      fr: {
        about: [
          "Depuis Habkern, vous marchez tranquillement pendant environ deux heures avec notre accompagnateur dans le silence du paysage hivernal. Au coucher du soleil, vous atteignez le chalet et savourez une <strong>fondue moitié-moitié</strong> au chaud. Le retour se fait à la lampe frontale dans la neige – un moment magique pour toute la famille.",
          "Aucune expérience n'est nécessaire ; convient aux enfants dès six ans.",
        ],
        meeting: 'Arrêt de car postal Habkern, Dorf, à environ 25 minutes en car postal depuis Interlaken West.',
        bring: ["Chaussures d'hiver chaudes et imperméables", 'Pantalon de ski, veste chaude, bonnet et gants', 'Un thermos de thé'],
        included: ['Accompagnateur en montagne', 'Raquettes, bâtons et lampe frontale', 'Fondue au fromage avec pain et pommes de terre (boissons non comprises)'],
      },
    }),
    images: ['snowshoe-fondue-habkern-1.jpg', 'snowshoe-fondue-habkern-2.jpg'],
    tags: ['winter', 'family', 'half-day'],
    location: {
      name: 'Habkern, Dorf',
      street: 'Dorfstrasse',
      streetNumber: '',
      postalCode: '3804',
      city: 'Habkern',
      country: 'CH',
      latitude: 46.7275,
      longitude: 7.8628,
    },
    related: ['glacier-hike-grindelwald', 'climbing-taster-family'],
    skus: [
      { key: 'adult', type: 'activity', title: { de: 'Erwachsene', en: 'Adult', fr: 'Adulte' }, price: 11900, durationMinutes: 240 },
      { key: 'child', type: 'activity', title: { de: 'Kinder (6–15 Jahre)', en: 'Child (6–15)', fr: 'Enfant (6–15 ans)' }, price: 6900, durationMinutes: 240 },
      {
        key: 'family',
        type: 'activity',
        title: { de: 'Familienticket (2 Erwachsene, 2 Kinder)', en: 'Family ticket (2 adults, 2 children)', fr: 'Billet famille (2 adultes, 2 enfants)' },
        price: 32000,
        durationMinutes: 240,
        blockCount: 4,
      },
    ],
    sessions: { weekdays: [3, 5, 6], times: ['16:30'], capacity: 20, weeks: 13, takenShare: 0.2 },
  },

  // Group activity, AVAILABLE, two variants, three start times a day.
  {
    shop: 'alpin',
    slug: 'sup-lake-brienz',
    staffing: { participantsPerGuide: 8, preparationMinutes: 15 },
    title: { de: 'Stand-up-Paddle auf dem Brienzersee', en: 'Stand-up paddling on Lake Brienz', fr: 'Stand-up paddle sur le lac de Brienz' },
    intro: {
      de: 'Auf dem türkisblauen Brienzersee paddeln Sie zu versteckten Buchten – gemütlich, aussichtsreich und für alle geeignet.',
      en: 'Paddle across the turquoise waters of Lake Brienz to hidden coves – relaxed, scenic and suitable for everyone.',
      fr: "Sur les eaux turquoise du lac de Brienz, vous pagayez jusqu'à des criques cachées – en douceur et avec une vue magnifique.",
    },
    description: describe({
      de: {
        about: [
          'Nach einer kurzen Einführung an Land lernen Sie im seichten Wasser, wie Sie sicher aufstehen, paddeln und wenden. Danach geht es gemeinsam der Uferlinie entlang Richtung Iseltwald, mit einem <strong>Badestopp in einer kleinen Bucht</strong>. Besonders stimmungsvoll ist die letzte Tour des Tages im Abendlicht.',
          'Kinder ab zehn Jahren können in Begleitung einer erwachsenen Person teilnehmen; Schwimmkenntnisse sind Voraussetzung.',
        ],
        meeting: 'Strandbad Bönigen, beim SUP-Container am Seeufer. Parkplätze vorhanden; Bus 103 ab Interlaken Ost.',
        bring: ['Badekleider, Badetuch und Kleider zum Wechseln', 'Sonnencreme und Sonnenbrille mit Band', 'Trinkflasche'],
        included: ['SUP-Instruktorin oder SUP-Instruktor', 'Board, Paddel und Schwimmweste', 'Neoprenanzug bei kühlem Wasser', 'Wasserdichter Beutel für Handy und Schlüssel'],
      },
      en: {
        about: [
          'After a short introduction on land you learn in shallow water how to stand up safely, paddle and turn. Then we paddle together along the shore towards Iseltwald, with a <strong>swim stop in a small cove</strong>. The last tour of the day, in the evening light, is especially atmospheric.',
          'Children aged ten and over can join when accompanied by an adult; participants must be able to swim.',
        ],
        meeting: 'Bönigen lido, at the SUP container on the lakeshore. Parking available; bus 103 from Interlaken Ost.',
        bring: ['Swimwear, a towel and a change of clothes', 'Sun cream and sunglasses with a strap', 'A water bottle'],
        included: ['SUP instructor', 'Board, paddle and life jacket', 'Wetsuit when the water is cool', 'Dry bag for your phone and keys'],
      },
      fr: {
        about: [
          "Après une courte introduction sur la plage, vous apprenez en eau peu profonde à vous lever, pagayer et tourner en toute sécurité. Nous longeons ensuite la rive en direction d'Iseltwald, avec une <strong>pause baignade dans une petite crique</strong>. La dernière sortie de la journée, dans la lumière du soir, est particulièrement belle.",
          "Les enfants dès dix ans peuvent participer s'ils sont accompagnés d'un adulte ; il faut savoir nager.",
        ],
        meeting: 'Plage de Bönigen, au container SUP au bord du lac. Parking sur place ; bus 103 depuis Interlaken Ost.',
        bring: ['Maillot de bain, linge de bain et habits de rechange', 'Crème solaire et lunettes de soleil avec cordon', 'Une gourde'],
        included: ['Moniteur ou monitrice de SUP', 'Planche, pagaie et gilet de sauvetage', "Combinaison néoprène lorsque l'eau est fraîche", 'Sac étanche pour téléphone et clés'],
      },
    }),
    images: ['sup-lake-brienz-1.jpg', 'sup-lake-brienz-2.jpg'],
    tags: ['water', 'family', 'half-day'],
    location: {
      name: 'Strandbad Bönigen',
      street: 'Seestrasse',
      streetNumber: '',
      postalCode: '3806',
      city: 'Bönigen',
      country: 'CH',
      latitude: 46.6906,
      longitude: 7.8968,
    },
    related: ['rafting-luetschine', 'climbing-taster-family'],
    skus: [
      { key: 'adult', type: 'activity', title: { de: 'Erwachsene', en: 'Adult', fr: 'Adulte' }, price: 6900, durationMinutes: 120 },
      { key: 'child', type: 'activity', title: { de: 'Kinder (10–15 Jahre)', en: 'Child (10–15)', fr: 'Enfant (10–15 ans)' }, price: 4900, durationMinutes: 120 },
    ],
    sessions: { weekdays: [0, 2, 4, 6], times: ['09:30', '14:00', '17:30'], capacity: 10, weeks: 13, takenShare: 0.3 },
  },

  // Group activity, AVAILABLE, three variants incl. a family ticket (4 places).
  {
    shop: 'alpin',
    slug: 'climbing-taster-family',
    staffing: { participantsPerGuide: 6, preparationMinutes: 30 },
    title: { de: 'Schnupperklettern für Familien', en: 'Family climbing taster', fr: "Initiation à l'escalade en famille" },
    intro: {
      de: 'Gemeinsam die ersten Meter am Fels: Unsere Kletterlehrerinnen und Kletterlehrer zeigen Gross und Klein, wie Klettern und Sichern funktioniert.',
      en: 'Your first metres on real rock, together: our instructors show adults and children how to climb and belay safely.',
      fr: 'Vos premiers mètres sur le rocher, ensemble : nos moniteurs montrent aux petits comme aux grands comment grimper et assurer en toute sécurité.',
    },
    description: describe({
      de: {
        about: [
          'Im sonnigen Klettergarten oberhalb von Gsteigwiler warten kurze, gut abgesicherte Routen in allen Schwierigkeitsgraden. Nach der Einführung in Material, Knoten und Sicherungstechnik klettern Sie abwechselnd im Toprope. <strong>Die Kinder werden immer von unseren Guides gesichert.</strong>',
          'Geeignet für Kinder ab sieben Jahren und alle ohne Klettererfahrung. Zwischendurch gibt es ein Zvieri am Wandfuss.',
        ],
        meeting: 'Parkplatz beim Klettergarten Gsteigwiler, zehn Minuten zu Fuss vom Bahnhof Wilderswil.',
        bring: ['Bequeme Sportkleidung und Turnschuhe', 'Sonnenschutz und Trinkflasche', 'Eigene Kletterschuhe, falls vorhanden'],
        included: ['Patentierte Kletterlehrerinnen und Kletterlehrer', 'Kletterschuhe, Helm, Gurt und Seile', 'Zvieri für alle'],
      },
      en: {
        about: [
          'The sunny crag above Gsteigwiler offers short, well-bolted routes of every grade. After an introduction to the gear, knots and belaying you take turns climbing on a top rope. <strong>Children are always belayed by our guides.</strong>',
          'Suitable for children aged seven and over and for anyone without climbing experience. Halfway through there is an afternoon snack at the foot of the wall.',
        ],
        meeting: 'Car park at the Gsteigwiler crag, a ten-minute walk from Wilderswil station.',
        bring: ['Comfortable sportswear and trainers', 'Sun protection and a water bottle', 'Your own climbing shoes, if you have them'],
        included: ['Qualified climbing instructors', 'Climbing shoes, helmet, harness and ropes', 'Afternoon snack for everyone'],
      },
      fr: {
        about: [
          "Le site d'escalade ensoleillé au-dessus de Gsteigwiler offre de courtes voies bien équipées de tous niveaux. Après une introduction au matériel, aux nœuds et à l'assurage, vous grimpez à tour de rôle en moulinette. <strong>Les enfants sont toujours assurés par nos guides.</strong>",
          "Convient aux enfants dès sept ans et à toute personne sans expérience de l'escalade. Un goûter est servi au pied de la paroi.",
        ],
        meeting: "Parking du site d'escalade de Gsteigwiler, à dix minutes à pied de la gare de Wilderswil.",
        bring: ['Tenue de sport confortable et baskets', 'Protection solaire et gourde', "Vos chaussons d'escalade, si vous en avez"],
        included: ["Moniteurs et monitrices d'escalade brevetés", 'Chaussons, casque, baudrier et cordes', 'Goûter pour tous'],
      },
    }),
    images: ['climbing-taster-family-1.jpg'],
    tags: ['climbing', 'family', 'half-day'],
    location: KLETTERGARTEN_GSTEIGWILER,
    related: ['private-climbing-lesson', 'sup-lake-brienz', 'via-ferrata-muerren'],
    skus: [
      { key: 'adult', type: 'activity', title: { de: 'Erwachsene', en: 'Adult', fr: 'Adulte' }, price: 8900, durationMinutes: 180 },
      { key: 'child', type: 'activity', title: { de: 'Kinder (7–15 Jahre)', en: 'Child (7–15)', fr: 'Enfant (7–15 ans)' }, price: 6500, durationMinutes: 180 },
      {
        key: 'family',
        type: 'activity',
        title: { de: 'Familienticket (2 Erwachsene, 2 Kinder)', en: 'Family ticket (2 adults, 2 children)', fr: 'Billet famille (2 adultes, 2 enfants)' },
        price: 26000,
        durationMinutes: 180,
        blockCount: 4,
      },
    ],
    sessions: { weekdays: [0, 3, 6], times: ['08:30', '13:30'], capacity: 20, weeks: 13, takenShare: 0.2 },
  },

  // UPON_REQUEST: company event. Booked like a group activity (SKU 'activity' with
  // sessions on weekdays); the office confirms each request afterwards.
  {
    shop: 'alpin',
    slug: 'team-event-raft-grill',
    uponRequest: true,
    title: { de: 'Firmenevent: Aare-Rafting und Grillplausch', en: 'Company event: Aare rafting and barbecue', fr: "Sortie d'entreprise : rafting sur l'Aar et grillades" },
    intro: {
      de: 'Teamgeist auf dem Wasser: gemütliche Schlauchbootfahrt auf der Aare, danach Grillplausch am Ufer des Thunersees. Auf Anfrage für Gruppen ab zehn Personen.',
      en: 'Team spirit on the water: a relaxed raft trip down the Aare followed by a barbecue on the shore of Lake Thun. On request for groups of ten or more.',
      fr: "L'esprit d'équipe sur l'eau : descente tranquille de l'Aar en raft, puis grillades au bord du lac de Thoune. Sur demande pour les groupes dès dix personnes.",
    },
    description: describe({
      de: {
        about: [
          'Die Aare zwischen Interlaken und dem Thunersee ist ruhig und ideal für Teams ohne Vorkenntnisse. In Booten zu acht Personen paddeln Sie rund zwei Stunden flussabwärts und lösen unterwegs kleine Teamaufgaben. Am Ziel erwartet Sie unser Grillplatz in Neuhaus mit <strong>Apéro, Grilladen und Salaten</strong>.',
          'Wir prüfen Ihr Wunschdatum und senden Ihnen innert eines Arbeitstags eine Bestätigung oder einen Alternativvorschlag. Programm und Menü passen wir gerne an.',
        ],
        meeting: `${ALPIN_BASE.de}. Auf Wunsch holen wir Ihre Gruppe am Bahnhof oder im Hotel ab.`,
        bring: ['Badekleider und Kleider zum Wechseln', 'Turnschuhe, die nass werden dürfen', 'Gute Laune'],
        included: ['Guides, Boote und komplette Ausrüstung', 'Apéro, Grillbuffet und alkoholfreie Getränke', 'Rücktransfer vom Grillplatz nach Interlaken'],
      },
      en: {
        about: [
          'Between Interlaken and Lake Thun the Aare is calm and ideal for teams without any experience. In boats of eight you paddle downstream for about two hours, solving small team challenges along the way. At the finish our barbecue area in Neuhaus awaits with <strong>drinks, grilled food and salads</strong>.',
          'We check your preferred date and send you a confirmation or an alternative within one working day. We are happy to adapt the programme and menu.',
        ],
        meeting: `${ALPIN_BASE.en}. On request we pick up your group at the station or hotel.`,
        bring: ['Swimwear and a change of clothes', 'Trainers that may get wet', 'A good mood'],
        included: ['Guides, boats and full equipment', 'Welcome drinks, barbecue buffet and soft drinks', 'Transfer from the barbecue area back to Interlaken'],
      },
      fr: {
        about: [
          "Entre Interlaken et le lac de Thoune, l'Aar est calme et idéale pour les équipes sans expérience. Par bateaux de huit, vous descendez la rivière pendant environ deux heures en relevant quelques défis d'équipe. À l'arrivée, notre place de grillades à Neuhaus vous attend avec <strong>apéritif, grillades et salades</strong>.",
          "Nous vérifions la date souhaitée et vous envoyons une confirmation ou une autre proposition dans un délai d'un jour ouvrable. Le programme et le menu peuvent être adaptés.",
        ],
        meeting: `${ALPIN_BASE.fr}. Sur demande, nous venons chercher votre groupe à la gare ou à l'hôtel.`,
        bring: ['Maillot de bain et habits de rechange', 'Baskets qui peuvent être mouillées', 'De la bonne humeur'],
        included: ['Guides, bateaux et équipement complet', 'Apéritif, buffet de grillades et boissons sans alcool', "Transfert retour jusqu'à Interlaken"],
      },
    }),
    images: ['team-event-raft-grill-1.jpg'],
    tags: ['groups', 'water'],
    meetingPoint: ALPIN_BASE,
    location: {
      name: 'Grillplatz Neuhaus',
      street: 'Seestrasse',
      streetNumber: '',
      postalCode: '3800',
      city: 'Unterseen',
      country: 'CH',
      latitude: 46.6794,
      longitude: 7.8158,
    },
    related: ['rafting-luetschine', 'private-canyoning-saxeten'],
    skus: [
      {
        key: 'person',
        type: 'activity',
        title: { de: 'Pro Person (ab 10 Personen)', en: 'Per person (10 or more)', fr: 'Par personne (dès 10 personnes)' },
        price: 14500,
        durationMinutes: 300,
        minQuantity: 10,
        maxQuantity: 40,
      },
    ],
    sessions: { weekdays: [1, 2, 3, 4, 5], times: ['10:00'], capacity: 40, weeks: 13, takenShare: 0 },
  },

  // Private service booked per slot (SKU 'private-service-slot'); closed on Christmas,
  // mornings only on New Year's Eve.
  {
    shop: 'alpin',
    slug: 'private-climbing-lesson',
    title: { de: 'Private Kletterstunde', en: 'Private climbing lesson', fr: "Cours d'escalade privé" },
    intro: {
      de: 'Zwei Stunden mit Ihrer eigenen Kletterlehrerin oder Ihrem eigenen Kletterlehrer – für den Einstieg oder um gezielt an der Technik zu feilen.',
      en: 'Two hours with your own climbing instructor – to get started or to work on your technique.',
      fr: "Deux heures avec votre moniteur d'escalade personnel – pour débuter ou pour perfectionner votre technique.",
    },
    description: describe({
      de: {
        about: [
          'Sie bestimmen das Programm: erste Schritte am Fels, Sicherungstechnik auffrischen, Vorstieg üben oder sich auf einen Klettersteig vorbereiten. Die Lektion findet im Klettergarten Gsteigwiler statt und eignet sich für <strong>eine bis drei Personen</strong>, die gemeinsam buchen.',
          'Wählen Sie im Kalender ein freies Zeitfenster. Zwischen zwei Lektionen planen wir immer etwas Reserve ein.',
        ],
        meeting: 'Parkplatz beim Klettergarten Gsteigwiler. Bei Regen weichen wir in die Kletterhalle in Interlaken aus und informieren Sie am Vortag.',
        bring: ['Bequeme Sportkleidung', 'Eigenes Material, falls vorhanden', 'Trinkflasche'],
        included: ['Private Kletterlehrerin oder privater Kletterlehrer', 'Leihmaterial für bis zu drei Personen', 'Kurzes Feedback mit Trainingstipps'],
      },
      en: {
        about: [
          'You decide on the programme: first steps on rock, a belaying refresher, lead climbing practice or preparing for a via ferrata. The lesson takes place at the Gsteigwiler crag and suits <strong>one to three people</strong> booking together.',
          'Choose a free time slot in the calendar. We always keep a little time in reserve between two lessons.',
        ],
        meeting: 'Car park at the Gsteigwiler crag. If it rains we move to the climbing gym in Interlaken and let you know the day before.',
        bring: ['Comfortable sportswear', 'Your own gear, if you have any', 'A water bottle'],
        included: ['Your private climbing instructor', 'Rental gear for up to three people', 'Short feedback with training tips'],
      },
      fr: {
        about: [
          "Vous choisissez le programme : premiers pas sur le rocher, révision de l'assurage, grimpe en tête ou préparation à une via ferrata. Le cours a lieu sur le site d'escalade de Gsteigwiler et convient à <strong>une à trois personnes</strong> qui réservent ensemble.",
          'Choisissez un créneau libre dans le calendrier. Nous prévoyons toujours un peu de marge entre deux cours.',
        ],
        meeting: "Parking du site d'escalade de Gsteigwiler. En cas de pluie, nous nous retrouvons à la salle d'escalade d'Interlaken et vous en informons la veille.",
        bring: ['Tenue de sport confortable', 'Votre propre matériel, si vous en avez', 'Une gourde'],
        included: ["Votre moniteur ou monitrice d'escalade privé", "Matériel de location jusqu'à trois personnes", "Bref bilan avec conseils d'entraînement"],
      },
    }),
    images: ['private-climbing-lesson-1.jpg'],
    tags: ['climbing', 'half-day'],
    location: KLETTERGARTEN_GSTEIGWILER,
    related: ['climbing-taster-family', 'via-ferrata-muerren'],
    skus: [
      {
        key: 'slot',
        type: 'private-service-slot',
        title: { de: 'Privatlektion (2 Std., bis 3 Personen)', en: 'Private lesson (2 h, up to 3 people)', fr: "Cours privé (2 h, jusqu'à 3 personnes)" },
        price: 32000,
        durationMinutes: 120,
      },
      // A second way to book the same start time (issue 22, point 2: the visitor chooses one).
      {
        key: 'solo',
        type: 'private-service-slot',
        title: { de: 'Einzellektion (2 Std., 1 Person)', en: 'One-to-one lesson (2 h, 1 person)', fr: 'Cours individuel (2 h, 1 personne)' },
        price: 24000,
        durationMinutes: 120,
      },
    ],
    schedule: {
      weeklyHours: TUE_TO_SAT_OFFICE_HOURS,
      exceptions: [
        { date: '2026-12-25', closed: true },
        { date: '2026-12-31', hours: [{ start: '09:00', end: '12:00' }] },
      ],
      durationMinutes: 120,
      bufferMinutes: 30,
      stepMinutes: 30,
    },
  },

  // Private service priced per participant (SKU 'private-service-participant', up to 6).
  {
    shop: 'alpin',
    slug: 'private-canyoning-saxeten',
    title: { de: 'Privat-Canyoning im Saxetenbach', en: 'Private canyoning in the Saxetenbach', fr: 'Canyoning privé dans le Saxetenbach' },
    intro: {
      de: 'Die Schlucht nur für Ihre Gruppe: Canyoning im Saxetenbach mit eigenem Guide und freier Terminwahl.',
      en: 'The canyon all to yourselves: canyoning in the Saxetenbach with your own guide, at the date and time you choose.',
      fr: "Les gorges rien que pour votre groupe : canyoning dans le Saxetenbach avec votre propre guide, à l'heure de votre choix.",
    },
    description: describe({
      de: {
        about: [
          'Der Saxetenbach oberhalb von Wilderswil ist der Klassiker unter den Canyons der Region: Rutschen, Sprünge in tiefe Gumpen und ein Abseiler neben dem Wasserfall. Mit einem privaten Guide bestimmen Sie das Tempo – ideal für Familien mit Jugendlichen, Freundeskreise oder Paare.',
          'Der Preis gilt <strong>pro Person</strong>; pro Buchung mindestens zwei und höchstens sechs Personen. Mindestalter 12 Jahre.',
        ],
        meeting: `${ALPIN_BASE.de}. Der Transfer nach Saxeten ist inbegriffen.`,
        bring: ['Badekleider und Badetuch', 'Turnschuhe, die nass werden dürfen'],
        included: ['Privater Canyoning-Guide', 'Neoprenanzug, Helm und Gurt', 'Transfer ab Interlaken', 'Fotos der Tour zum Herunterladen'],
      },
      en: {
        about: [
          'The Saxetenbach above Wilderswil is the classic canyon of the region: slides, jumps into deep pools and an abseil beside the waterfall. With a private guide you set the pace – ideal for families with teenagers, groups of friends or couples.',
          'The price is <strong>per person</strong>, with at least two and at most six people per booking. Minimum age 12.',
        ],
        meeting: `${ALPIN_BASE.en}. The transfer to Saxeten is included.`,
        bring: ['Swimwear and a towel', 'Trainers that may get wet'],
        included: ['Private canyoning guide', 'Wetsuit, helmet and harness', 'Transfer from Interlaken', 'Photos of your tour to download'],
      },
      fr: {
        about: [
          "Au-dessus de Wilderswil, le Saxetenbach est le grand classique du canyoning dans la région : toboggans, sauts dans des vasques profondes et rappel le long de la cascade. Avec un guide privé, c'est vous qui choisissez le rythme – idéal pour les familles avec adolescents, entre amis ou en couple.",
          "Le prix s'entend <strong>par personne</strong>, de deux à six personnes par réservation. Âge minimum 12 ans.",
        ],
        meeting: `${ALPIN_BASE.fr}. Le transfert à Saxeten est compris.`,
        bring: ['Maillot de bain et linge de bain', 'Baskets qui peuvent être mouillées'],
        included: ['Guide de canyoning privé', 'Combinaison néoprène, casque et baudrier', 'Transfert depuis Interlaken', 'Photos de la descente à télécharger'],
      },
    }),
    images: ['private-canyoning-saxeten-1.jpg'],
    tags: ['water', 'half-day'],
    meetingPoint: ALPIN_BASE,
    location: {
      name: 'Saxetenschlucht',
      street: 'Saxetenstrasse',
      streetNumber: '',
      postalCode: '3813',
      city: 'Saxeten',
      country: 'CH',
      latitude: 46.6401,
      longitude: 7.8468,
    },
    related: ['canyoning-grimsel', 'team-event-raft-grill'],
    skus: [
      {
        key: 'participant',
        type: 'private-service-participant',
        title: { de: 'Pro Person', en: 'Per person', fr: 'Par personne' },
        price: 16500,
        durationMinutes: 180,
        maxParticipants: 6,
        minQuantity: 2,
        maxQuantity: 6,
      },
    ],
    schedule: {
      weeklyHours: ([0, 1, 2, 3, 4, 5, 6] as const).map((weekday) => ({ weekday, start: '08:30', end: '17:30' })),
      exceptions: [
        { date: '2026-12-24', closed: true },
        { date: '2026-12-25', closed: true },
      ],
      durationMinutes: 180,
      bufferMinutes: 60,
      stepMinutes: 30,
    },
  },
]

// ---------------------------------------------------------------------------
// Shop 2: Atelier Saveurs & Argile, Fribourg (fr, de)
// ---------------------------------------------------------------------------

const ATELIER_KITCHEN = {
  name: 'Atelier Saveurs & Argile',
  street: 'Rue de Lausanne',
  streetNumber: '45',
  postalCode: '1700',
  city: 'Fribourg',
  country: 'CH',
  latitude: 46.8032,
  longitude: 7.1541,
}

const ATELIER_CERAMICS = {
  name: 'Atelier Argile (Basse-Ville)',
  street: 'Rue de la Samaritaine',
  streetNumber: '12',
  postalCode: '1700',
  city: 'Fribourg',
  country: 'CH',
  latitude: 46.8019,
  longitude: 7.1652,
}

const KITCHEN_MEETING = {
  fr: 'Atelier Saveurs & Argile, rue de Lausanne 45, Fribourg, à cinq minutes à pied de la gare.',
  de: 'Atelier Saveurs & Argile, Rue de Lausanne 45, Freiburg, fünf Minuten zu Fuss vom Bahnhof.',
}

const CERAMICS_MEETING = {
  fr: "Atelier Argile, rue de la Samaritaine 12, Fribourg, en Basse-Ville, à dix minutes à pied de la cathédrale.",
  de: 'Atelier Argile, Rue de la Samaritaine 12, Freiburg, in der Unterstadt, zehn Minuten zu Fuss von der Kathedrale.',
}

const atelierOffers: DemoOffer[] = [
  // Group activity (evening), AVAILABLE, two variants incl. a duo ticket (2 places).
  {
    shop: 'atelier',
    slug: 'fondue-moitie-moitie',
    staffing: { participantsPerGuide: 12, preparationMinutes: 30 },
    title: { fr: 'Fondue moitié-moitié comme à la maison', de: 'Fondue moitié-moitié wie zu Hause' },
    intro: {
      fr: "Gruyère et vacherin fribourgeois : apprenez les secrets d'une fondue onctueuse, puis savourez-la autour d'une grande table.",
      de: 'Gruyère und Vacherin fribourgeois: Lernen Sie die Geheimnisse eines cremigen Fondues kennen und geniessen Sie es danach an der langen Tafel.',
    },
    description: describe({
      fr: {
        about: [
          "Notre cheffe vous présente les fromages AOP de la région et vous montre comment choisir, râper et mélanger le <strong>gruyère et le vacherin fribourgeois</strong>. Par groupes de quatre, vous préparez votre propre caquelon – avec vin blanc, ail et une pointe de kirsch – et découvrez les astuces pour une fondue qui ne tranche pas.",
          'La soirée se termine par un souper en commun, avec pommes de terre, cornichons et un dessert maison.',
        ],
        meeting: KITCHEN_MEETING.fr,
        bring: ['Votre bonne humeur et votre appétit', 'Un tablier si vous le souhaitez (nous en prêtons volontiers)'],
        included: ['Cours avec notre cheffe', 'Tous les ingrédients et le souper', 'Un verre de vin blanc du Vully, du thé ou du jus de pomme', 'Les recettes à emporter'],
      },
      de: {
        about: [
          'Unsere Köchin stellt Ihnen die AOP-Käse der Region vor und zeigt, wie Sie <strong>Gruyère und Vacherin fribourgeois</strong> auswählen, reiben und mischen. In Vierergruppen bereiten Sie Ihr eigenes Caquelon zu – mit Weisswein, Knoblauch und einem Schuss Kirsch – und lernen die Tricks für ein Fondue, das nicht gerinnt.',
          'Der Abend endet mit einem gemeinsamen Znacht mit Kartoffeln, Essiggurken und einem hausgemachten Dessert.',
        ],
        meeting: KITCHEN_MEETING.de,
        bring: ['Gute Laune und Appetit', 'Eine Schürze, wenn Sie möchten (wir leihen Ihnen gerne eine)'],
        included: ['Kurs mit unserer Köchin', 'Alle Zutaten und das Znacht', 'Ein Glas Weisswein aus dem Vully, Tee oder Apfelsaft', 'Die Rezepte zum Mitnehmen'],
      },
    }),
    images: ['fondue-moitie-moitie-1.jpg', 'fondue-moitie-moitie-2.jpg'],
    tags: ['cuisine', 'soiree'],
    location: ATELIER_KITCHEN,
    related: ['cuchaule-benichon', 'team-building-cuisine', 'cours-prive-cuisine'],
    extras: [
      { key: 'apron', title: { fr: 'Tablier brodé à emporter', de: 'Bestickte Schürze zum Mitnehmen' }, price: 2500 },
    ],
    skus: [
      { key: 'adult', type: 'activity', title: { fr: 'Par personne', de: 'Pro Person' }, price: 8900, durationMinutes: 180 },
      { key: 'duo', type: 'activity', title: { fr: 'Duo (2 personnes)', de: 'Duo (2 Personen)' }, price: 16900, durationMinutes: 180, blockCount: 2 },
    ],
    sessions: { weekdays: [4, 5], times: ['18:30'], capacity: 12, weeks: 13, takenShare: 0.25 },
  },

  // STOCK_LOW: only 2 places left on every session.
  {
    shop: 'atelier',
    slug: 'cuchaule-benichon',
    staffing: { participantsPerGuide: 10, preparationMinutes: 30 },
    title: { fr: 'Cuchaule et moutarde de Bénichon', de: 'Cuchaule und Bénichon-Senf' },
    intro: {
      fr: 'La brioche au safran et la moutarde douce de la Bénichon : deux spécialités fribourgeoises à préparer vous-même.',
      de: 'Safranbrioche und süsser Bénichon-Senf: zwei Freiburger Spezialitäten zum Selbermachen.',
    },
    description: describe({
      fr: {
        about: [
          "Pas de Bénichon sans cuchaule et sans moutarde ! Vous pétrissez une pâte levée au safran, apprenez à façonner et à dorer la <strong>cuchaule AOP</strong>, puis préparez pendant la levée une moutarde de Bénichon au vin cuit et aux épices.",
          'Pendant la cuisson, nous dégustons ensemble une cuchaule tiède avec la moutarde maison. Vous repartez avec votre cuchaule et un bocal de moutarde.',
        ],
        meeting: KITCHEN_MEETING.fr,
        bring: ['Un tablier', 'Un sac ou un panier pour emporter votre cuchaule'],
        included: ['Tous les ingrédients, safran compris', 'Une cuchaule et un bocal de moutarde à emporter', 'Café, thé et dégustation', 'Les recettes'],
      },
      de: {
        about: [
          'Keine Bénichon ohne Cuchaule und Senf! Sie kneten einen Hefeteig mit Safran, lernen die <strong>Cuchaule AOP</strong> zu formen und zu bestreichen und bereiten während der Gehzeit einen Bénichon-Senf mit eingekochtem Birnensaft und Gewürzen zu.',
          'Während die Brioches backen, probieren wir gemeinsam eine noch warme Cuchaule mit dem hausgemachten Senf. Sie nehmen Ihre Cuchaule und ein Glas Senf mit nach Hause.',
        ],
        meeting: KITCHEN_MEETING.de,
        bring: ['Eine Schürze', 'Eine Tasche oder einen Korb für Ihre Cuchaule'],
        included: ['Alle Zutaten, inklusive Safran', 'Eine Cuchaule und ein Glas Senf zum Mitnehmen', 'Kaffee, Tee und Degustation', 'Die Rezepte'],
      },
    }),
    images: ['cuchaule-benichon-1.jpg'],
    tags: ['patisserie', 'cuisine'],
    location: ATELIER_KITCHEN,
    related: ['meringues-double-creme', 'fondue-moitie-moitie'],
    skus: [{ key: 'adult', type: 'activity', title: { fr: 'Par personne', de: 'Pro Person' }, price: 9500, durationMinutes: 240 }],
    sessions: { weekdays: [6], times: ['09:30'], capacity: 10, weeks: 13, placesLeft: 2 },
  },

  // SOLD_OUT: every session fully booked.
  {
    shop: 'atelier',
    slug: 'meringues-double-creme',
    staffing: { participantsPerGuide: 10, preparationMinutes: 30 },
    title: { fr: 'Meringues et double crème de la Gruyère', de: 'Meringues mit Doppelrahm aus dem Greyerzerland' },
    intro: {
      fr: 'Croquantes dehors, fondantes dedans : réussir des meringues comme en Gruyère, servies avec de la double crème et des petits fruits.',
      de: 'Aussen knusprig, innen zart: Meringues wie im Greyerzerland, serviert mit Doppelrahm und Beeren.',
    },
    description: describe({
      fr: {
        about: [
          'Des blancs, du sucre et de la patience : la meringue semble simple, mais tout est dans le geste et la cuisson. Vous apprenez à monter des blancs bien fermes, à dresser à la poche et à sécher les meringues à basse température. Pendant la cuisson, nous préparons un coulis de framboises et découvrons la <strong>double crème de la Gruyère</strong>.',
          "L'atelier se termine par une dégustation, et vous emportez une boîte de meringues maison.",
        ],
        meeting: KITCHEN_MEETING.fr,
        bring: ['Un tablier', 'Une boîte rigide si vous en avez une'],
        included: ['Ingrédients et matériel', 'Dégustation avec double crème et petits fruits', 'Une boîte de meringues à emporter', 'Les recettes'],
      },
      de: {
        about: [
          'Eiweiss, Zucker und Geduld: Meringues scheinen einfach, doch es kommt auf die Handgriffe und das Backen an. Sie lernen, Eiweiss richtig steif zu schlagen, mit dem Spritzsack zu dressieren und die Meringues bei tiefer Temperatur zu trocknen. Während sie im Ofen sind, kochen wir eine Himbeersauce und probieren den <strong>Doppelrahm aus dem Greyerzerland</strong>.',
          'Zum Schluss gibt es eine Degustation, und Sie nehmen eine Schachtel hausgemachte Meringues mit.',
        ],
        meeting: KITCHEN_MEETING.de,
        bring: ['Eine Schürze', 'Eine feste Dose, falls vorhanden'],
        included: ['Zutaten und Material', 'Degustation mit Doppelrahm und Beeren', 'Eine Schachtel Meringues zum Mitnehmen', 'Die Rezepte'],
      },
    }),
    images: ['meringues-double-creme-1.jpg'],
    tags: ['patisserie'],
    location: ATELIER_KITCHEN,
    related: ['macarons-soiree', 'cuchaule-benichon'],
    skus: [{ key: 'adult', type: 'activity', title: { fr: 'Par personne', de: 'Pro Person' }, price: 7500, durationMinutes: 150 }],
    sessions: { weekdays: [3, 6], times: ['14:00'], capacity: 10, weeks: 13, soldOut: true },
  },

  // Group activity, AVAILABLE, mornings and evenings.
  {
    shop: 'atelier',
    slug: 'tournage-initiation',
    staffing: { participantsPerGuide: 6, preparationMinutes: 20 },
    title: { fr: 'Initiation au tour de potier', de: 'Einführung an der Töpferscheibe' },
    intro: {
      fr: "Centrer, ouvrir, monter : le temps d'une soirée ou d'une matinée, vous tournez vos premiers bols en argile.",
      de: 'Zentrieren, öffnen, hochziehen: An einem Abend oder Vormittag drehen Sie Ihre ersten Schalen aus Ton.',
    },
    description: describe({
      fr: {
        about: [
          "Dans notre atelier de céramique de la Basse-Ville, chaque participant dispose de son propre tour. Notre céramiste vous montre pas à pas comment centrer la terre, ouvrir la forme et monter les parois. Après quelques essais, vous tournez <strong>deux à trois pièces</strong> : bols, tasses ou petits vases.",
          'Nous tournassons, émaillons et cuisons vos deux plus belles pièces ; elles sont prêtes environ quatre semaines plus tard.',
        ],
        meeting: CERAMICS_MEETING.fr,
        bring: ['Des habits qui peuvent être salis', "Des ongles courts, c'est plus pratique"],
        included: ['Cours avec notre céramiste', 'Argile, outils et tablier', 'Émaillage et cuisson de deux pièces', 'Thé et sirop pendant le cours'],
      },
      de: {
        about: [
          'In unserem Keramikatelier in der Freiburger Unterstadt hat jede Person ihre eigene Töpferscheibe. Unsere Keramikerin zeigt Ihnen Schritt für Schritt, wie Sie den Ton zentrieren, die Form öffnen und die Wände hochziehen. Nach ein paar Versuchen drehen Sie <strong>zwei bis drei Stücke</strong>: Schalen, Tassen oder kleine Vasen.',
          'Wir überdrehen, glasieren und brennen Ihre zwei schönsten Stücke; sie sind nach etwa vier Wochen abholbereit.',
        ],
        meeting: CERAMICS_MEETING.de,
        bring: ['Kleider, die schmutzig werden dürfen', 'Kurze Fingernägel sind von Vorteil'],
        included: ['Kurs mit unserer Keramikerin', 'Ton, Werkzeug und Schürze', 'Glasieren und Brennen von zwei Stücken', 'Tee und Sirup während des Kurses'],
      },
    }),
    images: ['tournage-initiation-1.jpg', 'tournage-initiation-2.jpg'],
    tags: ['ceramique', 'soiree'],
    location: ATELIER_CERAMICS,
    related: ['tournage-prive', 'poterie-en-famille'],
    skus: [{ key: 'adult', type: 'activity', title: { fr: 'Par personne', de: 'Pro Person' }, price: 12500, durationMinutes: 180 }],
    sessions: { weekdays: [2, 4, 6], times: ['09:30', '18:30'], capacity: 8, weeks: 13, takenShare: 0.5 },
  },

  // Group activity for children, AVAILABLE, two variants incl. a parent-child duo (2 places).
  {
    shop: 'atelier',
    slug: 'petits-chefs-biscuits',
    staffing: { participantsPerGuide: 8, preparationMinutes: 30 },
    title: { fr: 'Petits chefs : biscuits décorés', de: 'Kleine Köchinnen und Köche: verzierte Guetzli' },
    intro: {
      fr: 'Pétrir, abaisser, découper et décorer : un après-midi gourmand pour les enfants de 6 à 12 ans, seuls ou avec un parent.',
      de: 'Kneten, auswallen, ausstechen und verzieren: ein feiner Nachmittag für Kinder von 6 bis 12 Jahren, allein oder mit einem Elternteil.',
    },
    description: describe({
      fr: {
        about: [
          "Les enfants préparent une pâte sablée au beurre, l'abaissent au rouleau et découpent étoiles, cœurs et sapins. Pendant la cuisson, place au <strong>glaçage coloré et aux vermicelles</strong> ! Chacun emporte une boîte de biscuits et sa toque de petit chef.",
          "Avec le billet duo, un adulte participe avec l'enfant à toutes les étapes ; les enfants inscrits seuls sont encadrés par deux animatrices. Merci de nous signaler les allergies lors de la réservation.",
        ],
        meeting: "Atelier Saveurs & Argile, rue de Lausanne 45, Fribourg. Les parents viennent chercher les enfants à la fin de l'atelier.",
        bring: ['Un tablier ou un vieux t-shirt', 'Les cheveux longs attachés'],
        included: ['Ingrédients, glaçages et décorations', 'Une boîte de biscuits et une toque à emporter', 'Un goûter avec du sirop'],
      },
      de: {
        about: [
          'Die Kinder bereiten einen Mürbeteig mit Butter zu, wallen ihn aus und stechen Sterne, Herzen und Tannenbäume aus. Während die Guetzli backen, geht es ans <strong>Verzieren mit farbiger Glasur und Streuseln</strong>! Alle nehmen eine Schachtel Guetzli und eine Kochmütze mit nach Hause.',
          'Mit dem Duo-Ticket macht eine erwachsene Person bei allen Schritten mit; Kinder, die allein kommen, werden von zwei Kursleiterinnen betreut. Bitte melden Sie Allergien bei der Buchung.',
        ],
        meeting: 'Atelier Saveurs & Argile, Rue de Lausanne 45, Freiburg. Die Eltern holen die Kinder am Ende des Kurses ab.',
        bring: ['Eine Schürze oder ein altes T-Shirt', 'Lange Haare zusammengebunden'],
        included: ['Zutaten, Glasuren und Dekorationen', 'Eine Schachtel Guetzli und eine Kochmütze zum Mitnehmen', 'Ein Zvieri mit Sirup'],
      },
    }),
    images: ['petits-chefs-biscuits-1.jpg'],
    tags: ['enfants', 'patisserie'],
    location: ATELIER_KITCHEN,
    related: ['poterie-en-famille', 'meringues-double-creme'],
    skus: [
      { key: 'child', type: 'activity', title: { fr: 'Enfant (6–12 ans)', de: 'Kind (6–12 Jahre)' }, price: 4500, durationMinutes: 120 },
      { key: 'duo', type: 'activity', title: { fr: 'Duo parent-enfant', de: 'Duo Elternteil und Kind' }, price: 7500, durationMinutes: 120, blockCount: 2 },
    ],
    sessions: { weekdays: [3, 6], times: ['14:00'], capacity: 12, weeks: 13, takenShare: 0.3 },
  },

  // Group activity, AVAILABLE, three variants incl. a family ticket (4 places).
  // Capacity 20 so that the family ticket stays AVAILABLE rather than STOCK_LOW.
  {
    shop: 'atelier',
    slug: 'poterie-en-famille',
    staffing: { participantsPerGuide: 8, preparationMinutes: 20 },
    title: { fr: 'Poterie en famille', de: 'Töpfern mit der ganzen Familie' },
    intro: {
      fr: 'Modeler et peindre ensemble : chaque membre de la famille crée son bol, son assiette ou sa tasse.',
      de: 'Gemeinsam formen und bemalen: Jedes Familienmitglied gestaltet eine eigene Schale, einen Teller oder eine Tasse.',
    },
    description: describe({
      fr: {
        about: [
          "Pas besoin de tour : dans cet atelier, on travaille l'argile à la main, avec les techniques du colombin et de la plaque. Chacun façonne une pièce – bol, assiette, tasse ou petit animal – puis la décore avec des <strong>engobes de couleur</strong>.",
          'Nos céramistes accompagnent petits et grands dès 5 ans. Les pièces sont cuites chez nous et peuvent être retirées environ trois semaines plus tard.',
        ],
        meeting: CERAMICS_MEETING.fr,
        bring: ['Des habits qui peuvent être salis', 'Un sac pour transporter les pièces lors du retrait'],
        included: ['Argile, engobes et outils', 'Cuisson des pièces', 'Accompagnement par nos céramistes', 'Sirop et biscuits pour les enfants'],
      },
      de: {
        about: [
          'Ganz ohne Töpferscheibe: In diesem Kurs formen Sie den Ton von Hand, mit Wulst- und Plattentechnik. Alle gestalten ein Stück – Schale, Teller, Tasse oder ein kleines Tier – und bemalen es anschliessend mit <strong>farbigen Engoben</strong>.',
          'Unsere Keramikerinnen begleiten Gross und Klein ab 5 Jahren. Die Stücke werden bei uns gebrannt und können nach etwa drei Wochen abgeholt werden.',
        ],
        meeting: CERAMICS_MEETING.de,
        bring: ['Kleider, die schmutzig werden dürfen', 'Eine Tasche, um die Stücke später abzuholen'],
        included: ['Ton, Engoben und Werkzeug', 'Brennen der Stücke', 'Begleitung durch unsere Keramikerinnen', 'Sirup und Guetzli für die Kinder'],
      },
    }),
    images: ['poterie-en-famille-1.jpg'],
    tags: ['ceramique', 'enfants'],
    location: ATELIER_CERAMICS,
    related: ['petits-chefs-biscuits', 'tournage-initiation'],
    skus: [
      { key: 'adult', type: 'activity', title: { fr: 'Adulte', de: 'Erwachsene' }, price: 5500, durationMinutes: 150 },
      { key: 'child', type: 'activity', title: { fr: 'Enfant (5–15 ans)', de: 'Kind (5–15 Jahre)' }, price: 3900, durationMinutes: 150 },
      {
        key: 'family',
        type: 'activity',
        title: { fr: 'Famille (2 adultes, 2 enfants)', de: 'Familie (2 Erwachsene, 2 Kinder)' },
        price: 16000,
        durationMinutes: 150,
        blockCount: 4,
      },
    ],
    sessions: { weekdays: [3, 6], times: ['10:00', '14:30'], capacity: 20, weeks: 13, takenShare: 0.2 },
  },

  // Group activity (evening), AVAILABLE.
  {
    shop: 'atelier',
    slug: 'macarons-soiree',
    staffing: { participantsPerGuide: 10, preparationMinutes: 30 },
    title: { fr: 'Soirée macarons', de: 'Macaron-Abend' },
    intro: {
      fr: "Coques lisses, jolie collerette et ganaches parfumées : percez les secrets du macaron lors d'une soirée gourmande.",
      de: 'Glatte Schalen, schöne Füsschen und aromatische Ganaches: Entdecken Sie an einem genussvollen Abend die Geheimnisse der Macarons.',
    },
    description: describe({
      fr: {
        about: [
          'Notre pâtissière vous guide à travers toutes les étapes : meringue italienne, macaronnage, dressage régulier à la poche et cuisson. Vous préparez ensuite trois garnitures – <strong>chocolat noir, framboise et caramel au beurre salé</strong> – et assemblez vos macarons.',
          'Entre deux fournées, nous partageons un apéritif. Vous repartez avec une trentaine de macarons dans une jolie boîte.',
        ],
        meeting: KITCHEN_MEETING.fr,
        bring: ['Un tablier', 'Un sac plat pour transporter votre boîte'],
        included: ['Tous les ingrédients et le matériel', "Une boîte d'environ 30 macarons", 'Apéritif et boissons', 'Les recettes'],
      },
      de: {
        about: [
          'Unsere Konditorin führt Sie durch alle Schritte: italienische Meringue, Macaronage, gleichmässiges Dressieren mit dem Spritzsack und Backen. Anschliessend bereiten Sie drei Füllungen zu – <strong>dunkle Schokolade, Himbeere und Caramel mit Fleur de Sel</strong> – und setzen Ihre Macarons zusammen.',
          'Zwischen zwei Blechen gibt es einen Apéro. Sie nehmen rund dreissig Macarons in einer hübschen Schachtel mit nach Hause.',
        ],
        meeting: KITCHEN_MEETING.de,
        bring: ['Eine Schürze', 'Eine flache Tasche für Ihre Schachtel'],
        included: ['Alle Zutaten und das Material', 'Eine Schachtel mit rund 30 Macarons', 'Apéro und Getränke', 'Die Rezepte'],
      },
    }),
    images: ['macarons-soiree-1.jpg'],
    tags: ['patisserie', 'soiree'],
    location: ATELIER_KITCHEN,
    related: ['meringues-double-creme', 'cuchaule-benichon'],
    skus: [{ key: 'adult', type: 'activity', title: { fr: 'Par personne', de: 'Pro Person' }, price: 9800, durationMinutes: 210 }],
    sessions: { weekdays: [2, 5], times: ['18:30'], capacity: 10, weeks: 13, takenShare: 0.3 },
  },

  // UPON_REQUEST: company event. Booked like a group activity (SKU 'activity' with
  // sessions on weekday evenings); the atelier confirms each request afterwards.
  {
    shop: 'atelier',
    slug: 'team-building-cuisine',
    uponRequest: true,
    title: { fr: 'Team building : cuisiner ensemble', de: 'Teamevent: gemeinsam kochen' },
    intro: {
      fr: "Votre équipe aux fourneaux : un menu de saison préparé ensemble, puis savouré autour d'une grande table. Sur demande, dès 8 personnes.",
      de: 'Ihr Team am Herd: gemeinsam ein saisonales Menü zubereiten und danach an der langen Tafel geniessen. Auf Anfrage, ab 8 Personen.',
    },
    description: describe({
      fr: {
        about: [
          'Répartis en petites brigades, vos collaboratrices et collaborateurs préparent un menu de trois plats avec des produits de la région, par exemple un velouté de courge, des <strong>filets de perche du lac de Morat</strong> et une tarte au vin cuit. Notre cheffe orchestre la soirée pour que chacun mette la main à la pâte.',
          "Indiquez-nous la date souhaitée et le nombre de personnes : nous vérifions la disponibilité et vous répondons dans un délai d'un jour ouvrable avec une confirmation ou une autre proposition.",
        ],
        meeting: "Atelier Saveurs & Argile, rue de Lausanne 45, Fribourg. Notre cuisine accueille jusqu'à 24 personnes.",
        bring: ['Rien de particulier : tabliers et matériel sont fournis'],
        included: ['Menu de trois plats préparé ensemble', 'Apéritif, vins de la région et boissons sans alcool', 'Privatisation de notre cuisine', 'Les recettes pour tous'],
      },
      de: {
        about: [
          'In kleinen Brigaden bereiten Ihre Mitarbeitenden ein Dreigangmenü mit regionalen Produkten zu, zum Beispiel eine Kürbissuppe, <strong>Egli-Filets aus dem Murtensee</strong> und einen Vin-cuit-Kuchen. Unsere Köchin führt durch den Abend, damit alle mit anpacken können.',
          'Nennen Sie uns Ihr Wunschdatum und die Anzahl Personen: Wir prüfen die Verfügbarkeit und antworten Ihnen innert eines Arbeitstags mit einer Bestätigung oder einem Alternativvorschlag.',
        ],
        meeting: 'Atelier Saveurs & Argile, Rue de Lausanne 45, Freiburg. Unsere Küche bietet Platz für bis zu 24 Personen.',
        bring: ['Nichts Besonderes: Schürzen und Material stellen wir zur Verfügung'],
        included: ['Gemeinsam gekochtes Dreigangmenü', 'Apéro, Weine aus der Region und alkoholfreie Getränke', 'Exklusive Nutzung unserer Küche', 'Die Rezepte für alle'],
      },
    }),
    images: ['team-building-cuisine-1.jpg'],
    tags: ['groupes', 'cuisine', 'soiree'],
    location: ATELIER_KITCHEN,
    related: ['fondue-moitie-moitie', 'cours-prive-cuisine'],
    skus: [
      {
        key: 'person',
        type: 'activity',
        title: { fr: 'Par personne (dès 8 personnes)', de: 'Pro Person (ab 8 Personen)' },
        price: 13500,
        durationMinutes: 240,
        minQuantity: 8,
        maxQuantity: 24,
      },
    ],
    sessions: { weekdays: [1, 2, 3, 4, 5], times: ['18:00'], capacity: 24, weeks: 13, takenShare: 0 },
  },

  // Private service booked per slot (SKU 'private-service-slot'); closed on Christmas,
  // mornings only on Christmas Eve.
  {
    shop: 'atelier',
    slug: 'cours-prive-cuisine',
    title: { fr: 'Cours de cuisine privé', de: 'Privater Kochkurs' },
    intro: {
      fr: "Deux heures en petit comité avec notre cheffe, pour apprendre ce qui vous fait envie : techniques de base, pâtes fraîches ou menu de fête.",
      de: 'Zwei Stunden im kleinen Kreis mit unserer Köchin, um genau das zu lernen, was Sie interessiert: Grundtechniken, frische Pasta oder ein Festmenü.',
    },
    description: describe({
      fr: {
        about: [
          "Vous choisissez le thème, nous nous occupons des courses. Un cours privé est idéal pour progresser à votre rythme, pour offrir un moment à deux ou pour préparer un repas de fête. <strong>Jusqu'à trois personnes</strong> peuvent participer au même cours.",
          'Réservez un créneau libre dans le calendrier ; nous vous appelons ensuite pour définir ensemble le thème et le menu.',
        ],
        meeting: KITCHEN_MEETING.fr,
        bring: ['Vos envies et vos questions', 'Des boîtes si vous souhaitez emporter les restes'],
        included: ['Cours privé de deux heures avec notre cheffe', "Les ingrédients jusqu'à trois personnes", 'Dégustation et recettes'],
      },
      de: {
        about: [
          'Sie wählen das Thema, wir kümmern uns um den Einkauf. Ein Privatkurs ist ideal, um im eigenen Tempo Fortschritte zu machen, zu zweit etwas Besonderes zu erleben oder ein Festessen vorzubereiten. <strong>Bis zu drei Personen</strong> können am selben Kurs teilnehmen.',
          'Buchen Sie ein freies Zeitfenster im Kalender; wir rufen Sie danach an und legen gemeinsam Thema und Menü fest.',
        ],
        meeting: KITCHEN_MEETING.de,
        bring: ['Ihre Wünsche und Fragen', 'Dosen, falls Sie Reste mitnehmen möchten'],
        included: ['Zweistündiger Privatkurs mit unserer Köchin', 'Zutaten für bis zu drei Personen', 'Degustation und Rezepte'],
      },
    }),
    images: ['cours-prive-cuisine-1.jpg'],
    tags: ['cuisine'],
    location: ATELIER_KITCHEN,
    related: ['fondue-moitie-moitie', 'team-building-cuisine'],
    skus: [
      {
        key: 'slot',
        type: 'private-service-slot',
        title: { fr: "Cours privé (2 h, jusqu'à 3 personnes)", de: 'Privatkurs (2 Std., bis 3 Personen)' },
        price: 29000,
        durationMinutes: 120,
      },
    ],
    schedule: {
      weeklyHours: TUE_TO_SAT_OFFICE_HOURS,
      exceptions: [
        { date: '2026-12-24', hours: [{ start: '09:00', end: '12:00' }] },
        { date: '2026-12-25', closed: true },
      ],
      durationMinutes: 120,
      bufferMinutes: 30,
      stepMinutes: 30,
    },
  },

  // Private service priced per participant (SKU 'private-service-participant', up to 6).
  {
    shop: 'atelier',
    slug: 'tournage-prive',
    title: { fr: 'Atelier privé de tournage', de: 'Privatkurs an der Töpferscheibe' },
    intro: {
      fr: "Les tours de potier rien que pour vous et vos proches : un atelier privé à l'heure qui vous convient, de 1 à 6 personnes.",
      de: 'Die Töpferscheiben nur für Sie und Ihre Liebsten: ein privater Kurs zur Zeit Ihrer Wahl, für eine bis sechs Personen.',
    },
    description: describe({
      fr: {
        about: [
          "Pour un anniversaire, un enterrement de vie de jeune fille ou simplement entre amis : notre céramiste vous accueille en privé dans l'atelier de la Basse-Ville. Débutants ou initiés, chacun avance à son rythme et tourne plusieurs pièces.",
          "Le prix s'entend <strong>par participant</strong>. Nous émaillons et cuisons deux pièces par personne, à retirer environ quatre semaines plus tard.",
        ],
        meeting: CERAMICS_MEETING.fr,
        bring: ['Des habits qui peuvent être salis', 'De quoi trinquer, si vous fêtez quelque chose'],
        included: ['Atelier privé avec notre céramiste', 'Argile, outils et tabliers', 'Émaillage et cuisson de deux pièces par personne', 'Thé, café et sirop'],
      },
      de: {
        about: [
          'Für einen Geburtstag, einen Polterabend oder einfach mit Freundinnen und Freunden: Unsere Keramikerin empfängt Sie privat im Atelier in der Unterstadt. Ob Anfänger oder Fortgeschrittene – alle arbeiten im eigenen Tempo und drehen mehrere Stücke.',
          'Der Preis gilt <strong>pro Person</strong>. Wir glasieren und brennen zwei Stücke pro Person; sie sind nach etwa vier Wochen abholbereit.',
        ],
        meeting: CERAMICS_MEETING.de,
        bring: ['Kleider, die schmutzig werden dürfen', 'Etwas zum Anstossen, wenn Sie etwas feiern'],
        included: ['Privatkurs mit unserer Keramikerin', 'Ton, Werkzeug und Schürzen', 'Glasieren und Brennen von zwei Stücken pro Person', 'Tee, Kaffee und Sirup'],
      },
    }),
    images: ['tournage-prive-1.jpg', 'tournage-prive-2.jpg'],
    tags: ['ceramique', 'groupes'],
    location: ATELIER_CERAMICS,
    related: ['tournage-initiation', 'poterie-en-famille'],
    skus: [
      {
        key: 'participant',
        type: 'private-service-participant',
        title: { fr: 'Par participant', de: 'Pro Person' },
        price: 11000,
        durationMinutes: 150,
        maxParticipants: 6,
        minQuantity: 1,
        maxQuantity: 6,
      },
    ],
    schedule: {
      weeklyHours: [
        ...([2, 3, 4, 5] as const).map((weekday) => ({ weekday, start: '14:00', end: '21:00' })),
        { weekday: 6, start: '09:00', end: '16:00' },
      ],
      exceptions: [
        { date: '2026-12-25', closed: true },
        { date: '2027-01-01', closed: true },
      ],
      durationMinutes: 150,
      bufferMinutes: 30,
      stepMinutes: 30,
    },
  },
]

export const demoOffers: DemoOffer[] = [...alpinOffers, ...atelierOffers]
