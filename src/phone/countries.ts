// Supported countries: the mobile networks that own number ranges, and the mobile-money wallets
// payers pay with. The two are kept apart: a wallet usually runs on one network and takes only its
// numbers (MTN MoMo on MTN), but a wallet may take a number of any network and own no range at all
// (Wave, in the West African countries to come): such a wallet has no `network`, is never detected
// from a number, and no number is "of another network" for it.
//
// `prefixes` are leading digits of the national significant number (NSN) as libphonenumber
// parses it: the Congolese leading 0 is part of the NSN (+242 06…), the Gabonese trunk 0 is not
// (0 77 12 34 56 is +241 77 12 34 56). A network is listed where a wallet runs on it and its number
// ranges could be sourced; the source of every table is named above it. Prefixes identify the
// network that was allocated the range: where mobile number portability is in force (Chad, see
// below) a ported number keeps its original prefix.

export type CountryCode = 'cg' | 'cm' | 'ga' | 'td' | 'cf';

/** A mobile network: the number ranges it was allocated. */
export interface Network {
  id: string;
  /** Its name, as payers know it ("MTN", "Orange"). */
  name: string;
  prefixes: readonly string[];
}

/** A mobile-money wallet a payer pays with. */
export interface Wallet {
  /** API `operator_name`. */
  name: string;
  /** Brand of the service, shown to payers. */
  label: string;
  /** The network whose numbers it takes; none: numbers of any network (and never detected). */
  network?: string;
  /** What a payer dials to see approvals waiting for them, where sourced. */
  ussd?: string;
}

export interface Country {
  code: CountryCode;
  callingCode: string;
  currency: string;
  networks: readonly Network[];
  wallets: readonly Wallet[];
}

/** Internal numbering-plan facts that libphonenumber's metadata does not state for today. */
export interface NationalPlan {
  /** Length of a mobile NSN. */
  length: number;
  /**
   * What a leading 0 typed by a payer is: part of the NSN (Congo: 06…), the trunk prefix dialled
   * before the NSN at home (Gabon: 0 77…), or a stray habit from other plans where no NSN starts
   * with 0 and there is no trunk prefix (ignored, so 0 6 71… still reads as 6 71…).
   */
  zero: 'nsn' | 'trunk' | 'stray';
}

export const COUNTRIES: readonly Country[] = [
  // Congo: 9-digit plan since 15 October 2010 (ARPCE decision, Journal officiel de la République
  // du Congo n° 41 of 14 October 2010; summarised with the carrier digit "0M" in the World
  // Telephone Numbering Guide page "+242 Congo (Brazzaville)", wtng.info): 04 Warid, 05 Celtel/Zain
  // (now Airtel), 06 MTN. Google libphonenumber resources/carrier/en/242.txt: 04 Warid, 05 Airtel,
  // 06 MTN. Airtel took over Warid Congo and its numbers on 31 May 2014 (Les Dépêches de
  // Brazzaville, "Téléphonie mobile : Warid et Airtel s'unissent officiellement", 31 May 2014).
  {
    code: 'cg',
    callingCode: '242',
    currency: 'xaf',
    networks: [
      { id: 'mtn', name: 'MTN', prefixes: ['06'] },
      { id: 'airtel', name: 'Airtel', prefixes: ['04', '05'] },
    ],
    wallets: [
      { name: 'mtn', label: 'MTN MoMo', network: 'mtn' },
      { name: 'airtel', label: 'Airtel Money', network: 'airtel' },
    ],
  },
  // Cameroon: ITU-T Operational Bulletin, communication of 6.X.2014 from the Agence de Régulation
  // des Télécommunications (9-digit plan from 21 November 2014): 67 and 650–654 MTN Cameroon,
  // 69 and 655–659 Orange (the 5x split also in ART's decision of April 2013, Le Bled Parle
  // 11 April 2013: second digit 0–4 MTN, 5–9 Orange). The 68x split (680–683 MTN, 686–687 Orange;
  // 684–685 and 688–689 are Nexttel) is from Google libphonenumber resources/carrier/en/237.txt.
  // MTN's *126#: MoMo payment procedure published by iclan.cm ("USSD apps development").
  {
    code: 'cm',
    callingCode: '237',
    currency: 'xaf',
    networks: [
      { id: 'mtn', name: 'MTN', prefixes: ['67', '650', '651', '652', '653', '654', '680', '681', '682', '683'] },
      { id: 'orange', name: 'Orange', prefixes: ['69', '655', '656', '657', '658', '659', '686', '687'] },
    ],
    wallets: [
      { name: 'mtn', label: 'MTN MoMo', network: 'mtn', ussd: '*126#' },
      { name: 'orange', label: 'Orange Money', network: 'orange' },
    ],
  },
  // Gabon: ARCEP Gabon communiqué on the 9-digit plan (agenceafrique.com, "Les numéros de
  // téléphone au Gabon passent de 8 à 9 chiffres dès le 15 novembre", 2019): the trunk 0 stays for
  // national calls and is dropped after +241; Gabon Télécom (Libertis, now Moov Africa) gets the
  // digit 6, Airtel the digit 7. ANINF communiqué of 29 February 2024 (news.alibreville.com): 8-digit
  // numbers stop on 6 April 2024; Libertis/Moov 062, 065, 066, Airtel 074, 077.
  {
    code: 'ga',
    callingCode: '241',
    currency: 'xaf',
    networks: [
      { id: 'airtel', name: 'Airtel', prefixes: ['7'] },
      { id: 'moov', name: 'Moov Africa', prefixes: ['6'] },
    ],
    wallets: [
      { name: 'airtel', label: 'Airtel Money', network: 'airtel' },
      { name: 'moov', label: 'Moov Money', network: 'moov' },
    ],
  },
  // Chad: Office tchadien de régulation des télécommunications, 8-digit plan from 15 March 2010
  // (APA, itmag.sn, March 2010): 6 Zain (now Airtel), 9 Tigo, 7 Salam (Sotel), 2 fixed. Maroc
  // Telecom bought Tigo Tchad in 2019 and renamed it Moov Africa on 1 January 2021 (Alwihda Info,
  // "Moov Africa remplace désormais Tigo", December 2020). Number portability is mandatory since
  // the decree of 8 October 2020 (Alwihda Info, May 2022), so a prefix is only a hint here.
  {
    code: 'td',
    callingCode: '235',
    currency: 'xaf',
    networks: [
      { id: 'airtel', name: 'Airtel', prefixes: ['6'] },
      { id: 'moov', name: 'Moov Africa', prefixes: ['9'] },
    ],
    wallets: [
      { name: 'airtel', label: 'Airtel Money', network: 'airtel' },
      { name: 'moov', label: 'Moov Money', network: 'moov' },
    ],
  },
  // Central African Republic: Google libphonenumber resources/carrier/en/236.txt (72 Orange; 70
  // Telecel, 75 Moov, 77 Nationlink have no mobile-money service we could source). Orange Money:
  // RFI "Afrique économie", civil servants paid by Orange Money.
  {
    code: 'cf',
    callingCode: '236',
    currency: 'xaf',
    networks: [{ id: 'orange', name: 'Orange', prefixes: ['72'] }],
    wallets: [{ name: 'orange', label: 'Orange Money', network: 'orange' }],
  },
];

// Mobile NSN lengths follow the plans cited above (Congo and Cameroon 9 digits, Gabon 8 after
// the trunk 0 since 6 April 2024, Chad and the Central African Republic 8). libphonenumber still
// accepts Gabon's retired 7- and 8-digit forms, hence this table.
export const NATIONAL_PLANS: Readonly<Record<CountryCode, NationalPlan>> = {
  cg: { length: 9, zero: 'nsn' },
  cm: { length: 9, zero: 'stray' },
  ga: { length: 8, zero: 'trunk' },
  td: { length: 8, zero: 'stray' },
  cf: { length: 8, zero: 'stray' },
};

export function findCountry(code: string): Country | undefined {
  if (typeof code !== 'string') return undefined;
  const wanted = code.trim().toLowerCase();
  return COUNTRIES.find((country) => country.code === wanted);
}

/** The API `operator_name`s of a country (its wallets), or undefined when it is not supported. */
export function operatorsOf(country: string): readonly string[] | undefined {
  return findCountry(country)?.wallets.map((wallet) => wallet.name);
}

/** The wallet of that name in `country`, or failing that in any supported country. */
export function findWallet(country: string, name: string): Wallet | undefined {
  const inCountry = findCountry(country)?.wallets.find((wallet) => wallet.name === name);
  return inCountry ?? COUNTRIES.flatMap((c) => c.wallets).find((wallet) => wallet.name === name);
}
