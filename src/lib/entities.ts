/**
 * Everything the portal says about each kind of item: routes, list texts, the spec's error and
 * fallback messages (SPEC sections 2 and 8). Pages and components read them from here only.
 */
import { phoneForWhatsApp, whatsappNumber } from './format.ts';
import type { ItemKind } from './schemas/index.ts';

export interface EntityTexts {
  /** Snapshot collection holding the items. */
  collection: 'tours' | 'accommodation' | 'restaurants' | 'events' | 'drivers' | 'guides' | 'agencies' | 'attractions';
  /** Main list route. */
  listPath: string;
  /** Detail route prefix: `${detailPrefix}/${id}`. */
  detailPrefix: string;
  /** 'Passeio', 'Hospedagem', ... (a card's kind label). */
  singular: string;
  /** Heading of the list page. */
  listTitle: string;
  /** Search box placeholder. */
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
  /** Alert when the item has no phone; null where the spec gives none. */
  noPhone: string | null;
  /** Price slider range of the list's filter panel. */
  priceRange: { min: number; max: number; step: number };
}

export const ENTITIES: Record<ItemKind, EntityTexts> = {
  tour: {
    collection: 'tours',
    listPath: '/all-tours',
    detailPrefix: '/tour',
    singular: 'Passeio',
    listTitle: 'Atrativos',
    searchPlaceholder: 'Buscar passeios...',
    emptyTitle: 'Nenhum passeio encontrado.',
    emptyText: 'Não há passeios disponíveis no momento.',
    loadError: 'Erro ao carregar passeios.',
    loading: 'Carregando passeios...',
    notFound: 'Passeio não encontrado.',
    noPhone: null,
    priceRange: { min: 0, max: 300, step: 10 },
  },
  accommodation: {
    collection: 'accommodation',
    listPath: '/all-accommodation',
    detailPrefix: '/accommodation',
    singular: 'Hospedagem',
    listTitle: 'Hospedagens',
    searchPlaceholder: 'Buscar hospedagens...',
    emptyTitle: 'Nenhuma hospedagem encontrada.',
    emptyText: 'Não há hospedagens disponíveis no momento.',
    loadError: 'Erro ao carregar hospedagens.',
    loading: 'Carregando hospedagens...',
    notFound: 'Hospedagem não encontrada.',
    noPhone: 'Número de telefone não disponível para esta hospedagem.',
    priceRange: { min: 0, max: 700, step: 10 },
  },
  restaurant: {
    collection: 'restaurants',
    listPath: '/all-restaurants',
    detailPrefix: '/restaurant',
    singular: 'Restaurante',
    listTitle: 'Encontre o restaurante ideal',
    searchPlaceholder: 'Buscar por nome do restaurante...',
    emptyTitle: 'Nenhum restaurante encontrado',
    emptyText: 'Não há restaurantes disponíveis no momento.',
    loadError: 'Erro ao carregar restaurantes.',
    loading: 'Carregando restaurantes...',
    notFound: 'Restaurante não encontrado.',
    noPhone: 'Número de telefone não disponível para este restaurante.',
    priceRange: { min: 0, max: 100, step: 5 },
  },
  event: {
    collection: 'events',
    listPath: '/all-events',
    detailPrefix: '/event',
    singular: 'Evento',
    listTitle: 'Todos os Eventos',
    searchPlaceholder: 'Buscar eventos...',
    emptyTitle: 'Nenhum evento encontrado',
    emptyText: 'Não há eventos disponíveis no momento.',
    loadError: 'Erro ao carregar eventos.',
    loading: 'Carregando evento...',
    notFound: 'Evento não encontrado.',
    noPhone: 'WhatsApp não disponível para este evento.',
    priceRange: { min: 0, max: 300, step: 10 },
  },
  driver: {
    collection: 'drivers',
    listPath: '/all-drivers',
    detailPrefix: '/driver',
    singular: 'Condutor',
    listTitle: 'Encontre o seu condutor',
    searchPlaceholder: 'Buscar condutores...',
    emptyTitle: 'Nenhum condutor encontrado',
    emptyText: 'Não há condutores disponíveis no momento.',
    loadError: 'Erro ao carregar condutores.',
    loading: 'Carregando condutores...',
    notFound: 'Condutor não encontrado.',
    noPhone: 'Número de telefone não disponível para este condutor.',
    priceRange: { min: 0, max: 300, step: 10 },
  },
  guide: {
    collection: 'guides',
    listPath: '/all-guides',
    detailPrefix: '/guide',
    singular: 'Guia',
    listTitle: 'Encontre o seu guia de viagem',
    searchPlaceholder: 'Buscar guias...',
    emptyTitle: 'Nenhum guia encontrado',
    emptyText: 'Não há guias de viagem disponíveis no momento.',
    loadError: 'Erro ao carregar guias de viagem.',
    loading: 'Carregando guias...',
    notFound: 'Guia não encontrado',
    noPhone: 'Número de telefone não disponível para este guia.',
    priceRange: { min: 0, max: 300, step: 10 },
  },
  agency: {
    collection: 'agencies',
    listPath: '/all-agencies',
    detailPrefix: '/agency',
    singular: 'Agência',
    listTitle: 'Encontre a sua agência de viagem',
    searchPlaceholder: 'Buscar agências...',
    emptyTitle: 'Nenhuma agência encontrada',
    emptyText: 'Não há agências disponíveis no momento.',
    loadError: 'Erro ao carregar agências.',
    loading: 'Carregando agências...',
    notFound: 'Agência não encontrada',
    noPhone: null,
    priceRange: { min: 0, max: 300, step: 10 },
  },
  attraction: {
    collection: 'attractions',
    listPath: '/all-providers-tours',
    detailPrefix: '/provider-tour',
    singular: 'Fornecedor',
    listTitle: 'Fornecedores de Atrativos',
    searchPlaceholder: 'Buscar fornecedores...',
    emptyTitle: 'Nenhum fornecedor encontrado',
    emptyText: 'Não há fornecedores disponíveis no momento.',
    loadError: 'Erro ao carregar fornecedores.',
    loading: 'Carregando fornecedor...',
    notFound: 'Fornecedor não encontrado.',
    noPhone: 'WhatsApp não disponível para este fornecedor',
    priceRange: { min: 0, max: 300, step: 10 },
  },
};

/** The detail page of an item. */
export const itemPath = (kind: ItemKind, id: string) => `${ENTITIES[kind].detailPrefix}/${encodeURIComponent(id)}`;
export const experiencePath = (id: string) => `/experience/${encodeURIComponent(id)}`;
export const newsPath = (id: string) => `/news/${encodeURIComponent(id)}`;
export const testimonialPath = (id: string) => `/testimonials/${encodeURIComponent(id)}`;
/** The tour list filtered by one experience: /all-tours?experience={title}. */
export const experienceToursPath = (title: string) => `/all-tours?experience=${encodeURIComponent(title)}`;

/** Rating options of every filter panel. */
export const RATING_OPTIONS = [4, 4.5, 5] as const;
/** Tour and provider duration buckets: label → hours. */
export const DURATION_OPTIONS = [
  { label: 'Até 1h', value: 1 },
  { label: '1-2h', value: 2 },
  { label: '2-4h', value: 4 },
  { label: '4h+', value: 5 },
] as const;
/** Accommodation durations in nights. */
export const NIGHT_OPTIONS = [
  { label: '1 noite', value: 1 },
  { label: '2 noites', value: 2 },
  { label: '3+ noites', value: 3 },
] as const;
/** Restaurant meal periods. */
export const MEAL_OPTIONS = [
  { label: 'Almoço', value: 1 },
  { label: 'Jantar', value: 2 },
  { label: 'Noite', value: 3 },
  { label: 'Almoço/Jantar', value: 4 },
] as const;

/** SPEC section 2: tour, event and experience details show these chips whatever the record says. */
export const FIXED_CHIPS = { rating: 5, people: 2 } as const;

/** SPEC section 8 fallback texts. */
export const FALLBACK = {
  location: 'Local não informado',
  duration: 'Duração não informada',
  date: 'Data não informada',
  missing: 'Não Informado',
} as const;

/** Prefilled WhatsApp message naming the item. */
export function whatsappText(kind: ItemKind, title: string): string {
  const what: Record<ItemKind, string> = {
    tour: `o passeio "${title}"`,
    accommodation: `a hospedagem "${title}"`,
    restaurant: `o restaurante "${title}"`,
    event: `o evento "${title}"`,
    driver: `os serviços de condutor de ${title}`,
    guide: `os serviços de guia de ${title}`,
    agency: `os serviços da agência ${title}`,
    attraction: `os serviços de ${title}`,
  };
  return `Olá! Vi no portal de turismo e gostaria de mais informações sobre ${what[kind]}.`;
}

/** Prefilled WhatsApp text for an experience. */
export const experienceWhatsappText = (title: string) =>
  `Olá! Vi no portal de turismo e gostaria de mais informações sobre a experiência "${title}".`;

/** A WhatsApp link with the prefilled text, or null when the phone has no digits. */
export function whatsappLink(phone: string | null | undefined, text: string): string | null {
  const number = whatsappNumber(phone);
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(text)}` : null;
}

/** A tel: link with only digits and plus, or null. */
export function telLink(phone: string | null | undefined): string | null {
  const cleaned = phoneForWhatsApp(phone);
  return cleaned ? `tel:${cleaned}` : null;
}
