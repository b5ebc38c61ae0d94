/**
 * The interface words of the pages in each language (src/lib/i18n/languages.ts): the header, its menu
 * and the skip links, the footer, the buttons and the dates of the visitor's guide and of each
 * language's home page. The Portuguese words are the site's own, as every other page writes them; the
 * Spanish and English ones are used on the translated guide (/es/guia, /en/guia) and home pages (/es,
 * /en) only. A word added here is added in every language: the type makes a missing one an error.
 */
import { ENTITIES } from '../entities.ts';
import { TIME_ZONE } from '../format.ts';
import { ITEM_KINDS, type ItemKind } from '../schemas/item.ts';
import type { Language } from './languages.ts';

interface UiWords {
  /** The header's link to the language's home: '{name} – página inicial'. */
  brandHome: (businessName: string) => string;
  /** The menus' names: the desktop's and the phone drawer's. */
  mainMenu: string;
  menu: string;
  openMenu: string;
  closeMenu: string;
  /** The menu's entries. */
  home: string;
  whatToDo: string;
  stayAndEat: string;
  whoToHire: string;
  experiences: string;
  agenda: string;
  news: string;
  testimonials: string;
  promotions: string;
  guide: string;
  /** Each list as the menu names it (in Portuguese, ENTITIES' `listName`, the heading of its page). */
  lists: Record<ItemKind, string>;
  highContrast: string;
  accessibility: string;
  favourites: string;
  contact: string;
  followUs: string;
  /** The language switch over the header (LanguageSwitch.astro): its name. */
  languages: string;
  /** The skip links (SKIP_LINKS of src/lib/navigation.ts, by target) and their list's name. */
  skipLinks: { label: string; conteudo: string; menu: string; busca: string; rodape: string };
  backToTop: string;
  /** The footer. */
  footer: {
    agency: string;
    noAddress: string;
    noEmail: string;
    noPhone: string;
    sponsors: string;
    language: string;
    currency: string;
    currencyName: string;
    updatedOn: string;
    portalInfo: string;
    privacy: string;
    openData: string;
    transparency: string;
    ombudsman: string;
    newTab: string;
  };
  /** A date as the language writes it, in the city's time zone. */
  date: (iso: string) => string;
  /** The guide's pages. */
  guideWords: {
    /** 'Neste guia': the guide's list of pages. */
    inThisGuide: string;
    /** 'Atualizado em 05/01/2027'. */
    updated: (date: string) => string;
    backToGuide: string;
    breadcrumb: string;
    /** The other languages of this page: 'Esta página em outras línguas'. */
    otherLanguages: string;
  };
  /** A language's home page (/es, /en). */
  landing: {
    title: (city: string) => string;
    lead: (place: string) => string;
    guideLink: string;
    lists: string;
    /** Said where the lists are linked: their pages are in Portuguese. */
    portugueseNote: string;
    portugueseSite: string;
  };
}

/** Dates per language, made once (an Intl.DateTimeFormat costs more to make than to use). */
const dates: Record<Language, Intl.DateTimeFormat> = {
  'pt-BR': new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' }),
  es: new Intl.DateTimeFormat('es', { timeZone: TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' }),
  en: new Intl.DateTimeFormat('en', { timeZone: TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' }),
};
const dateIn = (lang: Language) => (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dates[lang].format(date);
};

export const UI: Readonly<Record<Language, UiWords>> = {
  'pt-BR': {
    brandHome: (name) => `${name} – página inicial`,
    mainMenu: 'Menu principal',
    menu: 'Menu',
    openMenu: 'Abrir menu',
    closeMenu: 'Fechar menu',
    home: 'Início',
    whatToDo: 'O que fazer',
    stayAndEat: 'Dormir e comer',
    whoToHire: 'Quem contratar',
    experiences: 'Experiências',
    agenda: 'Agenda de eventos',
    news: 'Notícias',
    testimonials: 'Depoimentos',
    promotions: 'Promoções',
    guide: 'Guia do visitante',
    // Each list's one name, its page's heading (ENTITIES).
    lists: Object.fromEntries(ITEM_KINDS.map((kind) => [kind, ENTITIES[kind].listName])) as Record<ItemKind, string>,
    highContrast: 'Alto contraste',
    accessibility: 'Acessibilidade',
    favourites: 'Meus favoritos',
    contact: 'Fale Conosco',
    followUs: 'Siga-nos',
    languages: 'Idiomas',
    skipLinks: {
      label: 'Atalhos',
      conteudo: 'Ir para o conteúdo',
      menu: 'Ir para o menu',
      busca: 'Ir para a busca',
      rodape: 'Ir para o rodapé',
    },
    backToTop: 'Voltar ao topo',
    footer: {
      agency: 'Atendimento ao Turista',
      noAddress: 'Endereço não informado',
      noEmail: 'E-mail não informado',
      noPhone: 'Telefone não informado',
      sponsors: 'Apoio',
      language: 'Idioma:',
      currency: 'Moeda:',
      currencyName: 'Real (R$)',
      updatedOn: 'Atualizado em',
      portalInfo: 'Informações do portal',
      privacy: 'Privacidade',
      openData: 'Dados abertos',
      transparency: 'Portal da Transparência',
      ombudsman: 'Ouvidoria',
      newTab: ' (abre em nova aba)',
    },
    date: dateIn('pt-BR'),
    guideWords: {
      inThisGuide: 'Neste guia',
      updated: (date) => `Atualizado em ${date}`,
      backToGuide: 'Voltar ao guia',
      breadcrumb: 'Trilha de navegação',
      otherLanguages: 'Esta página em outras línguas',
    },
    landing: {
      title: (city) => `Visite ${city}`,
      lead: (place) => `O portal de turismo de ${place}.`,
      guideLink: 'Guia do visitante',
      lists: 'Planeje a sua visita',
      portugueseNote: '',
      portugueseSite: 'Portal em português',
    },
  },
  es: {
    brandHome: (name) => `${name} – página de inicio en español`,
    mainMenu: 'Menú principal',
    menu: 'Menú',
    openMenu: 'Abrir menú',
    closeMenu: 'Cerrar menú',
    home: 'Inicio',
    whatToDo: 'Qué hacer',
    stayAndEat: 'Dormir y comer',
    whoToHire: 'A quién contratar',
    experiences: 'Experiencias',
    agenda: 'Agenda de eventos',
    news: 'Noticias',
    testimonials: 'Opiniones',
    promotions: 'Promociones',
    guide: 'Guía del visitante',
    lists: {
      tour: 'Paseos',
      accommodation: 'Alojamiento',
      restaurant: 'Restaurantes',
      event: 'Eventos',
      driver: 'Conductores',
      guide: 'Guías de turismo',
      agency: 'Agencias de turismo',
      tourProvider: 'Proveedores de atractivos',
    },
    highContrast: 'Alto contraste',
    accessibility: 'Accesibilidad',
    favourites: 'Mis favoritos',
    contact: 'Contacto',
    followUs: 'Síganos',
    languages: 'Idiomas',
    skipLinks: {
      label: 'Atajos',
      conteudo: 'Ir al contenido',
      menu: 'Ir al menú',
      busca: 'Ir a la búsqueda',
      rodape: 'Ir al pie de página',
    },
    backToTop: 'Volver arriba',
    footer: {
      agency: 'Atención al turista',
      noAddress: 'Dirección no informada',
      noEmail: 'Correo electrónico no informado',
      noPhone: 'Teléfono no informado',
      sponsors: 'Apoyo',
      language: 'Idioma:',
      currency: 'Moneda:',
      currencyName: 'Real brasileño (R$)',
      updatedOn: 'Actualizado el',
      portalInfo: 'Información del portal',
      privacy: 'Privacidad (en portugués)',
      openData: 'Datos abiertos (en portugués)',
      transparency: 'Portal de Transparencia',
      ombudsman: 'Defensoría',
      newTab: ' (se abre en una nueva pestaña)',
    },
    date: dateIn('es'),
    guideWords: {
      inThisGuide: 'En esta guía',
      updated: (date) => `Actualizado el ${date}`,
      backToGuide: 'Volver a la guía',
      breadcrumb: 'Ruta de navegación',
      otherLanguages: 'Esta página en otros idiomas',
    },
    landing: {
      title: (city) => `Visite ${city}`,
      lead: (place) => `El portal de turismo de ${place}: la guía del visitante en español y las listas del portal.`,
      guideLink: 'Guía del visitante',
      lists: 'Planifique su visita',
      portugueseNote: 'Las listas y sus descripciones están en portugués.',
      portugueseSite: 'Portal en portugués',
    },
  },
  en: {
    brandHome: (name) => `${name} – home page in English`,
    mainMenu: 'Main menu',
    menu: 'Menu',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    home: 'Home',
    whatToDo: 'What to do',
    stayAndEat: 'Stay and eat',
    whoToHire: 'Who to hire',
    experiences: 'Experiences',
    agenda: 'Events calendar',
    news: 'News',
    testimonials: 'Reviews',
    promotions: 'Deals',
    guide: 'Visitor guide',
    lists: {
      tour: 'Tours',
      accommodation: 'Places to stay',
      restaurant: 'Restaurants',
      event: 'Events',
      driver: 'Drivers',
      guide: 'Tour guides',
      agency: 'Travel agencies',
      tourProvider: 'Attraction providers',
    },
    highContrast: 'High contrast',
    accessibility: 'Accessibility',
    favourites: 'My favorites',
    contact: 'Contact us',
    followUs: 'Follow us',
    languages: 'Languages',
    skipLinks: {
      label: 'Shortcuts',
      conteudo: 'Skip to content',
      menu: 'Skip to the menu',
      busca: 'Skip to search',
      rodape: 'Skip to the footer',
    },
    backToTop: 'Back to top',
    footer: {
      agency: 'Tourist information',
      noAddress: 'Address not given',
      noEmail: 'E-mail not given',
      noPhone: 'Phone not given',
      sponsors: 'Supported by',
      language: 'Language:',
      currency: 'Currency:',
      currencyName: 'Brazilian real (R$)',
      updatedOn: 'Updated on',
      portalInfo: 'About the portal',
      privacy: 'Privacy (in Portuguese)',
      openData: 'Open data (in Portuguese)',
      transparency: 'Transparency portal',
      ombudsman: 'Ombudsman',
      newTab: ' (opens in a new tab)',
    },
    date: dateIn('en'),
    guideWords: {
      inThisGuide: 'In this guide',
      updated: (date) => `Updated on ${date}`,
      backToGuide: 'Back to the guide',
      breadcrumb: 'Breadcrumb',
      otherLanguages: 'This page in other languages',
    },
    landing: {
      title: (city) => `Visit ${city}`,
      lead: (place) => `The tourism portal of ${place}: the visitor guide in English and the portal's lists.`,
      guideLink: 'Visitor guide',
      lists: 'Plan your visit',
      portugueseNote: 'The lists and their descriptions are in Portuguese.',
      portugueseSite: 'Portal in Portuguese',
    },
  },
};

/** The interface words of a language. */
export const ui = (lang: Language): UiWords => UI[lang];
