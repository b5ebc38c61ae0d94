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

/** One of the skip links every page starts with (SkipLinks.astro): where it lands and its access key. */
export interface SkipLink {
  label: string;
  /** The id of the element it focuses, on every page (BaseLayout's main, Header.astro, Footer.astro). */
  target: string;
  /** `accesskey`: eMAG 3.1's numbering (docs/public-body.md), Alt+1 to Alt+4 in Chrome and Edge (/acessibilidade explains the others). */
  key: string;
}

export const SKIP_LINKS: readonly SkipLink[] = [
  { label: 'Ir para o conteúdo', target: 'conteudo', key: '1' },
  { label: 'Ir para o menu', target: 'menu', key: '2' },
  { label: 'Ir para a busca', target: 'busca', key: '3' },
  { label: 'Ir para o rodapé', target: 'rodape', key: '4' },
];
