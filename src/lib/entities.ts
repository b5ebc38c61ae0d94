/**
 * Everything that varies by kind of item, in one table: routes, names, list texts and filters,
 * the home carousel, schema.org type, the documented error and fallback messages (docs/product.md),
 * and what its pages show (a price, the group size, amenities, whose contact) and where it comes
 * among an experience's offers and on /promocoes. Pages, components and helpers read them from here
 * only, and a list of kinds is computed from it.
 */
import { DETAIL_PREFIXES } from './paths.ts';
import type { ItemKind } from './schemas/index.ts';

export { experiencePath, itemPath, newsPath, testimonialPath } from './paths.ts';

/** The filter panel of one kind of list. Every panel also has rating and the kind's price range. */
/** Which duration group a list has (its `filters.duration`; the groups: DURATION_GROUPS, src/lib/lists/filters.ts). */
export type DurationKind = 'hours' | 'days' | 'nights' | 'meal' | null;

export interface ListFilters {
  /** Experience checkboxes (scrolling box, 200 px). */
  hasExperiences: boolean;
  /** Locality checkboxes from the items' distinct localities. */
  hasLocality: boolean;
  /** Duration group: hours buckets (tours, providers), days (events), nights (accommodation), meal period (restaurants). */
  duration: DurationKind;
}

const TOUR_LIKE: ListFilters = { hasExperiences: true, hasLocality: true, duration: 'hours' };
/** The WhatsApp button's words of a business or person that takes no booking through the portal (an experience's provider too). */
export const CONTACT_BY_WHATSAPP = 'Entrar em contato pelo WhatsApp';

/** The profiles' panel (drivers, guides, agencies list the experiences they offer): a link to an experience's offers may land on their list. */
const PROFILE_FILTERS: ListFilters = { hasExperiences: true, hasLocality: true, duration: null };

/** The kind's carousel on the home page (docs/product.md). */
interface HomeCarousel {
  /** Section id (the menu's anchors). */
  id: string;
  /** Other anchors that land on the section (addresses of an earlier menu, still in shared links: '/#promocoes', '/#provedores'). */
  anchors?: string[];
  /** Heading, in sentence case: the home draws it in capitals by CSS (HomeSection's `isUppercase`). */
  title: string;
  /** Accessible name of the card list. */
  label: string;
  /** The button to the list: its text, and what it lists for screen readers when the text is generic. */
  more: { label: string; context?: string };
  /** Auto-slide interval in ms (docs/product.md: 5000 tours, 4500 accommodation and restaurants, 4000 otherwise). */
  interval: number;
}

/**
 * What a kind's `duration` field is (docs/product.md, Formats), shown under its own name with its
 * value as the record gives it (durationFact, src/lib/facts.ts).
 */
interface DurationField {
  /** Its label: 'Duração' of a tour, 'Estadia' of a stay, 'Refeições' of a restaurant. */
  label: string;
  /**
   * What its value counts: a length of time ('3 horas', drawn with a clock); nights ('2 noites', shown
   * only when it counts nights: a pousada's '2h' is no stay); or meals ('Almoço/Jantar', never a clock).
   */
  unit: 'time' | 'nights' | 'meals';
}

/** The contact block of a kind's page (ProviderCard.astro): who runs the offer, as the record names them. */
interface ContactBlock {
  /** Its heading: 'Fornecedor' of a tour, 'Organizador' of an event, 'Responsável' of a stay or a restaurant. */
  heading: string;
  /** Whether it lists the CNPJ: a restaurant's block lists the documented six fields, without it. */
  hasCnpj: boolean;
}

interface EntityConfig {
  /** Snapshot collection holding the items. */
  collection: 'tours' | 'accommodation' | 'restaurants' | 'events' | 'drivers' | 'guides' | 'agencies' | 'tourProviders';
  /** Main list route. */
  listPath: string;
  /** Detail route prefix: `${detailPrefix}/${id}`. */
  detailPrefix: string;
  /** 'Passeio', 'Hospedagem', ... (a card's kind label). */
  singular: string;
  /** 'Passeios', 'Guias', ... ('Voltar para Guias' of the 404 page). */
  plural: string;
  /** Whether the kind's name is feminine in Portuguese ('as Agências', 'as Hospedagens'), for the words that agree with it. */
  isFeminine: boolean;
  /**
   * The list's one name (a visitor meets one name for one list): its heading, its breadcrumb, the header's menu entry
   * (src/lib/navigation.ts) and the home carousel's name, all the same words ('Guias de Turismo').
   */
  listName: string;
  /** Heading of the list page: its name (`listName`). */
  listTitle: string;
  /** A 'Voltar' link above the list's title, on each of its pages (docs/product.md: the events list). */
  listHasBackLink: boolean;
  /** The list page's meta description, one sentence naming the place. */
  listDescription: (place: string) => string;
  /** Search box placeholder: 'Buscar' and the list's name. */
  searchPlaceholder: string;
  /** 'Nenhum passeio encontrado' */
  emptyTitle: string;
  /** 'Não há passeios disponíveis no momento.' */
  emptyText: string;
  /** 'Erro ao carregar passeios.' */
  loadError: string;
  /** 'Carregando passeios...' */
  loading: string;
  /** 'Passeio não encontrado.' */
  notFound: string;
  /** The list's filter panel. */
  filters: ListFilters;
  /** schema.org type of the detail page. */
  schemaType: string;
  /** Its `duration` field: what it is for this kind, and its label. */
  durationField: DurationField;
  /**
   * The contact button's words when it opens WhatsApp (ContactAction): no 'Reservar' where the record
   * gives no booking channel; screen readers also hear WhatsApp and the new tab (whatsappHint).
   */
  contactLabel: string;
  /** What the prefilled WhatsApp message asks about: 'o passeio "X"'. */
  whatsappAbout: (title: string) => string;
  /** The kind's carousel on the home page. */
  home: HomeCarousel;
  /**
   * When its card and page show a price (showsPrice, src/lib/facts.ts): 'always' for an offer a visitor
   * expects a price of ('Preço sob consulta' when the record gives none); 'when-stated' for a business or
   * person, whose page shows a price only when the record gives one.
   */
  pricing: 'always' | 'when-stated';
  /**
   * Where its items come among an experience's offers (src/lib/experience-offers.ts: the experience page's
   * sections, and the first list a link to its offers goes to), 1 first; null for a kind whose records list
   * no experiences. A kind with a place is one whose list a link to an experience's offers may land on:
   * the list reads `?experience=` into its heading ('Guias de Turismo Filtrados por Experiência',
   * experienceQueryTexts; docs/product.md, Lists).
   */
  offerOrder: number | null;
  /**
   * Whether its section on /promocoes is always there, saying so when nothing is on sale (docs/product.md,
   * Promotions); the other kinds' sections only when something of theirs is.
   */
  isAlwaysInPromotions: boolean;
  /** Whether its page and open data show the group size (`Item.people`, the 'pessoas' chip: peopleFact). */
  hasGroupSize: boolean;
  /** Whether its page lists the record's amenities ('Comodidades'), and its open data too. */
  hasAmenities: boolean;
  /**
   * The block of who runs the offer; null for a business or person listed in its own right (a profile, an
   * attraction operator), whose page gives its own contact box (ContactBox.astro: phone, e-mail) and its
   * registration data (category, business name, CNPJ, CADASTUR).
   */
  contactBlock: ContactBlock | null;
}

export const ENTITIES: Record<ItemKind, EntityConfig> = {
  tour: {
    collection: 'tours',
    listPath: '/all-tours',
    detailPrefix: DETAIL_PREFIXES.tour,
    singular: 'Passeio',
    plural: 'Passeios',
    isFeminine: false,
    listName: 'Passeios',
    listTitle: 'Passeios',
    listHasBackLink: false,
    listDescription: (place) => `Passeios e atrativos turísticos em ${place}, com avaliações, duração e preços.`,
    searchPlaceholder: 'Buscar passeios...',
    emptyTitle: 'Nenhum passeio encontrado.',
    emptyText: 'Não há passeios disponíveis no momento.',
    loadError: 'Erro ao carregar passeios.',
    loading: 'Carregando passeios...',
    notFound: 'Passeio não encontrado.',
    filters: TOUR_LIKE,
    schemaType: 'TouristTrip',
    durationField: { label: 'Duração', unit: 'time' },
    contactLabel: 'Conversar no WhatsApp',
    whatsappAbout: (title) => `o passeio "${title}"`,
    pricing: 'always',
    offerOrder: 1,
    isAlwaysInPromotions: true,
    hasGroupSize: true,
    hasAmenities: false,
    contactBlock: { heading: 'Fornecedor', hasCnpj: true },
    home: {
      id: 'tours',
      anchors: ['promocoes'],
      title: 'Passeios',
      label: 'Passeios',
      more: { label: 'Ver mais', context: 'passeios' },
      interval: 5000,
    },
  },
  accommodation: {
    collection: 'accommodation',
    listPath: '/all-accommodation',
    detailPrefix: DETAIL_PREFIXES.accommodation,
    singular: 'Hospedagem',
    plural: 'Hospedagens',
    isFeminine: true,
    listName: 'Hospedagens',
    listTitle: 'Hospedagens',
    listHasBackLink: false,
    listDescription: (place) => `Hotéis, pousadas e outras hospedagens em ${place}, com avaliações e preços por estadia.`,
    searchPlaceholder: 'Buscar hospedagens...',
    emptyTitle: 'Nenhuma hospedagem encontrada.',
    emptyText: 'Não há hospedagens disponíveis no momento.',
    loadError: 'Erro ao carregar hospedagens.',
    loading: 'Carregando hospedagens...',
    notFound: 'Hospedagem não encontrada.',
    // 'Same style as tours' with nights; accommodation records carry no experiences to filter on.
    filters: { hasExperiences: false, hasLocality: true, duration: 'nights' },
    schemaType: 'LodgingBusiness',
    durationField: { label: 'Estadia', unit: 'nights' },
    contactLabel: CONTACT_BY_WHATSAPP,
    whatsappAbout: (title) => `a hospedagem "${title}"`,
    pricing: 'always',
    offerOrder: null,
    isAlwaysInPromotions: true,
    hasGroupSize: true,
    hasAmenities: true,
    contactBlock: { heading: 'Responsável', hasCnpj: true },
    home: {
      id: 'accommodations',
      title: 'Hospedagens',
      label: 'Hospedagens',
      more: { label: 'Ver mais', context: 'hospedagens' },
      interval: 4500,
    },
  },
  restaurant: {
    collection: 'restaurants',
    listPath: '/all-restaurants',
    detailPrefix: DETAIL_PREFIXES.restaurant,
    singular: 'Restaurante',
    plural: 'Restaurantes',
    isFeminine: false,
    listName: 'Restaurantes',
    listTitle: 'Restaurantes',
    listHasBackLink: false,
    listDescription: (place) => `Restaurantes de ${place} por localidade, avaliação, período e preço médio.`,
    searchPlaceholder: 'Buscar restaurantes...',
    emptyTitle: 'Nenhum restaurante encontrado',
    emptyText: 'Não há restaurantes disponíveis no momento.',
    loadError: 'Erro ao carregar restaurantes.',
    loading: 'Carregando restaurantes...',
    notFound: 'Restaurante não encontrado.',
    filters: { hasExperiences: false, hasLocality: true, duration: 'meal' },
    schemaType: 'Restaurant',
    durationField: { label: 'Refeições', unit: 'meals' },
    contactLabel: CONTACT_BY_WHATSAPP,
    whatsappAbout: (title) => `o restaurante "${title}"`,
    pricing: 'always',
    offerOrder: null,
    isAlwaysInPromotions: true,
    hasGroupSize: false,
    hasAmenities: false,
    contactBlock: { heading: 'Responsável', hasCnpj: false },
    home: {
      id: 'restaurants',
      title: 'Restaurantes',
      label: 'Restaurantes',
      more: { label: 'Ver mais', context: 'restaurantes' },
      interval: 4500,
    },
  },
  event: {
    collection: 'events',
    listPath: '/all-events',
    detailPrefix: DETAIL_PREFIXES.event,
    singular: 'Evento',
    plural: 'Eventos',
    isFeminine: false,
    listName: 'Eventos',
    listTitle: 'Eventos',
    listHasBackLink: true,
    listDescription: (place) => `Eventos, festas e festivais em ${place}, com datas, locais e valores.`,
    searchPlaceholder: 'Buscar eventos...',
    emptyTitle: 'Nenhum evento encontrado',
    emptyText: 'Não há eventos disponíveis no momento.',
    loadError: 'Erro ao carregar eventos.',
    loading: 'Carregando evento...',
    notFound: 'Evento não encontrado.',
    // Events last days and nights ('10 dias', '3 noites'): their filter is in days.
    filters: { ...TOUR_LIKE, duration: 'days' },
    schemaType: 'Event',
    durationField: { label: 'Duração', unit: 'time' },
    contactLabel: 'Falar com o organizador',
    whatsappAbout: (title) => `o evento "${title}"`,
    pricing: 'always',
    // Last: the kinds before it offer the experience any day, an event on its dates only.
    offerOrder: 6,
    isAlwaysInPromotions: false,
    hasGroupSize: true,
    hasAmenities: false,
    contactBlock: { heading: 'Organizador', hasCnpj: true },
    home: { id: 'eventos', title: 'Eventos', label: 'Eventos', more: { label: 'Ver mais', context: 'eventos' }, interval: 4000 },
  },
  driver: {
    collection: 'drivers',
    listPath: '/all-drivers',
    detailPrefix: DETAIL_PREFIXES.driver,
    singular: 'Condutor',
    plural: 'Condutores',
    isFeminine: false,
    listName: 'Condutores',
    listTitle: 'Condutores',
    listHasBackLink: false,
    listDescription: (place) => `Condutores de turismo em ${place} para levar você aos atrativos da região.`,
    searchPlaceholder: 'Buscar condutores...',
    emptyTitle: 'Nenhum condutor encontrado',
    emptyText: 'Não há condutores disponíveis no momento.',
    loadError: 'Erro ao carregar condutores.',
    loading: 'Carregando condutores...',
    notFound: 'Condutor não encontrado.',
    filters: PROFILE_FILTERS,
    schemaType: 'LocalBusiness',
    durationField: { label: 'Duração do serviço', unit: 'time' },
    contactLabel: CONTACT_BY_WHATSAPP,
    whatsappAbout: (title) => `os serviços de condutor de ${title}`,
    pricing: 'when-stated',
    offerOrder: 5,
    isAlwaysInPromotions: false,
    hasGroupSize: false,
    hasAmenities: false,
    contactBlock: null,
    home: { id: 'drivers', title: 'Condutores', label: 'Condutores', more: { label: 'Ver todos os condutores' }, interval: 4000 },
  },
  guide: {
    collection: 'guides',
    listPath: '/all-guides',
    detailPrefix: DETAIL_PREFIXES.guide,
    singular: 'Guia',
    plural: 'Guias',
    isFeminine: false,
    listName: 'Guias de Turismo',
    listTitle: 'Guias de Turismo',
    listHasBackLink: false,
    listDescription: (place) => `Guias de turismo em ${place} para conhecer os atrativos da região com quem conhece.`,
    searchPlaceholder: 'Buscar guias de turismo...',
    emptyTitle: 'Nenhum guia encontrado',
    emptyText: 'Não há guias de turismo disponíveis no momento.',
    loadError: 'Erro ao carregar guias de turismo.',
    loading: 'Carregando guias...',
    notFound: 'Guia não encontrado',
    filters: PROFILE_FILTERS,
    schemaType: 'LocalBusiness',
    durationField: { label: 'Duração do serviço', unit: 'time' },
    contactLabel: CONTACT_BY_WHATSAPP,
    whatsappAbout: (title) => `os serviços de guia de ${title}`,
    pricing: 'when-stated',
    offerOrder: 3,
    isAlwaysInPromotions: false,
    hasGroupSize: false,
    hasAmenities: false,
    contactBlock: null,
    home: {
      id: 'guides',
      title: 'Guias de turismo',
      label: 'Guias de Turismo',
      more: { label: 'Ver todos os guias de turismo' },
      interval: 4000,
    },
  },
  agency: {
    collection: 'agencies',
    listPath: '/all-agencies',
    detailPrefix: DETAIL_PREFIXES.agency,
    singular: 'Agência',
    plural: 'Agências',
    isFeminine: true,
    listName: 'Agências de Turismo',
    listTitle: 'Agências de Turismo',
    listHasBackLink: false,
    listDescription: (place) => `Agências de turismo receptivo em ${place}, com pacotes e passeios pela região.`,
    searchPlaceholder: 'Buscar agências de turismo...',
    emptyTitle: 'Nenhuma agência encontrada',
    emptyText: 'Não há agências disponíveis no momento.',
    loadError: 'Erro ao carregar agências.',
    loading: 'Carregando agências...',
    notFound: 'Agência não encontrada',
    filters: PROFILE_FILTERS,
    schemaType: 'LocalBusiness',
    durationField: { label: 'Duração do serviço', unit: 'time' },
    contactLabel: CONTACT_BY_WHATSAPP,
    whatsappAbout: (title) => `os serviços da agência ${title}`,
    pricing: 'when-stated',
    offerOrder: 4,
    isAlwaysInPromotions: false,
    hasGroupSize: false,
    hasAmenities: false,
    contactBlock: null,
    home: {
      id: 'agencies',
      anchors: ['provedores'],
      title: 'Agências de turismo',
      label: 'Agências de Turismo',
      more: { label: 'Ver todas as agências de turismo' },
      interval: 4000,
    },
  },
  tourProvider: {
    collection: 'tourProviders',
    listPath: '/all-providers-tours',
    detailPrefix: DETAIL_PREFIXES.tourProvider,
    singular: 'Fornecedor',
    plural: 'Fornecedores',
    isFeminine: false,
    listName: 'Fornecedores de Atrativos',
    listTitle: 'Fornecedores de Atrativos',
    listHasBackLink: false,
    listDescription: (place) =>
      `Fornecedores de atrativos turísticos em ${place}, com as experiências que oferecem, avaliações e preços.`,
    searchPlaceholder: 'Buscar fornecedores de atrativos...',
    emptyTitle: 'Nenhum fornecedor encontrado',
    emptyText: 'Não há fornecedores disponíveis no momento.',
    loadError: 'Erro ao carregar fornecedores.',
    loading: 'Carregando fornecedor...',
    notFound: 'Fornecedor não encontrado.',
    filters: TOUR_LIKE,
    schemaType: 'LocalBusiness',
    durationField: { label: 'Duração da atividade', unit: 'time' },
    contactLabel: CONTACT_BY_WHATSAPP,
    whatsappAbout: (title) => `os serviços de ${title}`,
    pricing: 'when-stated',
    offerOrder: 2,
    isAlwaysInPromotions: false,
    hasGroupSize: false,
    hasAmenities: true,
    contactBlock: null,
    home: {
      id: 'fornecedores-atrativos',
      title: 'Fornecedores de atrativos',
      label: 'Fornecedores de Atrativos',
      more: { label: 'Ver mais', context: 'fornecedores de atrativos' },
      interval: 4000,
    },
  },
};

/** The item carousels of the home page, in the documented order of sections (after 'experiencias'). */
export const HOME_CAROUSEL_ORDER: readonly ItemKind[] = [
  'tour',
  'event',
  'tourProvider',
  'accommodation',
  'restaurant',
  'agency',
  'guide',
  'driver',
];

/** Fallback texts of the pages (docs/product.md, Formats). */
export const FALLBACK = {
  location: 'Local não informado',
  duration: 'Duração não informada',
  date: 'Data não informada',
  missing: 'Não Informado',
} as const;

const whatsappGreeting = (about: string) => `Olá! Vi no portal de turismo e gostaria de mais informações sobre ${about}.`;

/** Prefilled WhatsApp message naming the item. */
export const whatsappText = (kind: ItemKind, title: string): string => whatsappGreeting(ENTITIES[kind].whatsappAbout(title));

/** Prefilled WhatsApp text for an experience. */
export const experienceWhatsappText = (title: string): string => whatsappGreeting(`a experiência "${title}"`);

/** The subject of an e-mail about an item or an experience. */
export const emailSubject = (title: string): string => `Contato pelo portal de turismo – ${title}`;
