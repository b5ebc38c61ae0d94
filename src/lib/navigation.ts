/** The header menu (docs/product.md). Anchors point at home sections (and the promotions page), so they work from every page. */
export interface MenuItem {
  label: string;
  href: string;
  children?: { label: string; href: string }[];
}

export const MENU: MenuItem[] = [
  { label: 'Início', href: '/#inicio' },
  { label: 'Serviços', href: '/#servicos' },
  { label: 'Experiências', href: '/#experiencias' },
  { label: 'Eventos', href: '/#eventos' },
  { label: 'Notícias', href: '/#noticias' },
  // The items on sale (src/pages/promocoes.astro), whose page always has these three sections.
  {
    label: 'Promoções',
    href: '/promocoes',
    children: [
      { label: 'Passeios', href: '/promocoes#passeios' },
      { label: 'Hospedagens', href: '/promocoes#hospedagens' },
      { label: 'Restaurantes', href: '/promocoes#restaurantes' },
    ],
  },
  {
    label: 'Fornecedores',
    href: '/#provedores',
    children: [
      { label: 'Condutores', href: '/#drivers' },
      { label: 'Guia de Viagem', href: '/#guides' },
      { label: 'Agência de Viagem', href: '/#agencies' },
    ],
  },
];

/** The visitor's saved items (kept in the browser; not part of the menu's sections). */
export const FAVOURITES_LINK = { label: 'Meus favoritos', href: '/favoritos' } as const;
