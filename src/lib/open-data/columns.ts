/**
 * The open data of /dados (docs/product.md): each public collection as a table, one row per published
 * entry and one column per fact its pages show, each with its Portuguese name and the line the data
 * dictionary gives it. Only what the pages show goes in: listed items only (an item the lists leave
 * out keeps its page but is not published here), no status code, no e-mail a page does not show, no
 * id but the one in the page's address. Each value is read through the helper the pages use
 * (src/lib/facts.ts, formatPhone), so a file never says more, or other, than its page.
 */

import { formatPhone } from '../contact/phone.ts';
import { ENTITIES } from '../entities.ts';
import { cardKeywords, displayPrice, eventDatesFact, shownExperienceProvider, shownProvider, showsPrice } from '../facts.ts';
import { slugify } from '../format.ts';
import { fullArticleUrl } from '../news/news.ts';
import { OPEN_DATA_PATH } from '../offline.ts';
import { experiencePath, itemPath, newsPath, testimonialPath } from '../paths.ts';
import {
  type Experience,
  ITEM_KINDS,
  type Item,
  type ItemKind,
  type NewsArticle,
  type SnapshotName,
  type Testimonial,
} from '../schemas/index.ts';
import { experienceLabel, placeName, reviewedItemPath } from '../testimonials/testimonials.ts';
import { type Cell, LIST_SEPARATOR } from './csv.ts';

/** What the rows are made of: the entries the site publishes (src/lib/data.ts). */
export interface OpenDataSource {
  /** The listed items by kind (ITEMS): not ITEM_PAGES, whose unlisted providers say they are not available. */
  items: Readonly<Record<ItemKind, readonly Item[]>>;
  experiences: readonly Experience[];
  news: readonly NewsArticle[];
  testimonials: readonly Testimonial[];
}

/** What a value needs besides its entry. */
export interface OpenDataContext {
  /** The absolute address of a page of the site (canonicalUrl, src/lib/seo.ts). */
  pageUrl: (path: string) => string;
  /** Whether the site has the page of an item (hasItemPage, src/lib/data.ts): a testimonial links what it is about only then. */
  hasItemPage: (kind: ItemKind, id: string) => boolean;
  /** The external blog (SiteConfig.blogUrl), where a news article's full text is. */
  blogUrl: string | null;
  /** The testimonials' rating scale, one for the whole collection (ratingScale, src/lib/testimonials/testimonials.ts). */
  testimonialScale: 5 | 10;
}

/** One column of a collection's table. */
interface Column<T> {
  /** Its name in the CSV header and the JSON keys: Portuguese, lower case, without accents ('preco_valor'). */
  key: string;
  /** Its line in the data dictionary. */
  description: string;
  value: (entry: T, context: OpenDataContext) => Cell;
}

/** A collection as /dados publishes it. */
export interface OpenDataset {
  /** The files' name: /dados/{slug}.csv and /dados/{slug}.json. */
  slug: string;
  /** The snapshot collection it is made of (the build manifest counts it under this name). */
  collection: SnapshotName;
  /** Its name on /dados ('Passeios', 'Guias de Turismo'). */
  name: string;
  /** What the rows are, for the dictionary ('Uma linha por notícia, da mais recente à mais antiga.'). */
  rowNote: string;
  columns: readonly { key: string; description: string; read: (entry: unknown, context: OpenDataContext) => Cell }[];
  /** The entries it publishes, in the site's order. */
  entries: (source: OpenDataSource) => readonly unknown[];
}

/** A collection's table, its entries typed with its columns (the one place an entry is read as its collection's). */
function dataset<T>(
  spec: Omit<OpenDataset, 'columns' | 'entries'> & {
    columns: readonly Column<T>[];
    entries: (source: OpenDataSource) => readonly T[];
  },
): OpenDataset {
  return {
    ...spec,
    columns: spec.columns.map(({ key, description, value }) => ({
      key,
      description,
      read: (entry, context) => value(entry as T, context),
    })),
  };
}

/** A text the data may leave empty: null, so the CSV field is empty and the JSON says null. */
const given = (text: string | null | undefined): string | null => (text?.trim() ? text : null);
const phone = (number: string | null | undefined): string | null => (number ? formatPhone(number) : null);

const PAGE_URL = 'O endereço da página no portal.';

/** Some columns of an item's row, or a function that makes them for a kind when their words name its own (its address, its name, its block's heading). */
type ItemColumns = readonly Column<Item>[] | ((kind: ItemKind) => Column<Item>[]);

/** The groups of columns only some kinds of item have (groupsOf says which). */
type ItemGroup =
  | 'category'
  | 'cuisine'
  | 'eventDates'
  | 'groupSize'
  | 'ownLine'
  | 'contactBox'
  | 'contactBlock'
  | 'experiences'
  | 'amenities'
  | 'registration';

/** The groups only one kind's page has: a restaurant's cuisine and its own phone line (its chips), an event's dates. */
const KIND_GROUPS: Partial<Record<ItemKind, readonly ItemGroup[]>> = {
  restaurant: ['cuisine', 'ownLine'],
  event: ['eventDates'],
};

/**
 * The groups each kind's rows have: those of what ENTITIES says its page shows (a contact block or its
 * own contact box and registration data, the group size, experiences, amenities), and the few only one
 * kind's page has (KIND_GROUPS).
 */
function groupsOf(kind: ItemKind): ReadonlySet<ItemGroup> {
  const entity = ENTITIES[kind];
  const contact: ItemGroup[] = entity.contactBlock ? ['contactBlock'] : ['category', 'contactBox', 'registration'];
  return new Set<ItemGroup>([
    ...contact,
    ...(entity.hasGroupSize ? (['groupSize'] as const) : []),
    ...(entity.filters.hasExperiences ? (['experiences'] as const) : []),
    ...(entity.hasAmenities ? (['amenities'] as const) : []),
    ...(KIND_GROUPS[kind] ?? []),
  ]);
}

const RATING: Column<Item> = {
  key: 'avaliacao',
  description: 'A avaliação, de 0 a 5 estrelas (4.5: quatro estrelas e meia); vazia quando não há.',
  value: (item) => item.rating,
};

/** The price as the card shows it, and as numbers; empty where the card shows none (showsPrice). */
function priceColumns(kind: ItemKind): Column<Item>[] {
  return [
    {
      key: 'preco',
      description:
        ENTITIES[kind].pricing === 'always'
          ? "O preço como a página o escreve ('R$ 150,00', 'Gratuito', 'Preço sob consulta')."
          : "O preço como a página o escreve ('R$ 150,00', 'Gratuito'); vazio quando não informado.",
      value: (item) => (showsPrice(item) ? displayPrice(item).price : null),
    },
    {
      key: 'preco_valor',
      description: 'O mesmo preço em reais, como número (150.5); 0 quando gratuito; vazio quando não informado.',
      value: (item) => (showsPrice(item) ? (item.priceValue ?? (item.isFree ? 0 : null)) : null),
    },
    {
      key: 'preco_promocional',
      description: "O preço em promoção como a página o escreve ('R$ 120,00'), só quando é menor que o preço.",
      value: (item) => (showsPrice(item) ? displayPrice(item).salePrice : null),
    },
    {
      key: 'preco_promocional_valor',
      description: 'O preço em promoção em reais, como número.',
      value: (item) => (showsPrice(item) && displayPrice(item).salePrice !== null ? item.salePriceValue : null),
    },
    {
      key: 'desconto_percentual',
      description: 'O desconto em porcentagem, arredondado (20: 20%).',
      value: (item) => (showsPrice(item) ? displayPrice(item).discountPercent : null),
    },
  ];
}

/** The phone a page shows, formatted as it shows it. */
const phoneColumn = (number: (item: Item) => string | null | undefined): Column<Item> => ({
  key: 'telefone',
  description: "O telefone como a página o mostra ('(65) 99912-3456'); vazio quando não informado.",
  value: (item) => phone(number(item)),
});

/** The contact block's fields ('Fornecedor' of a tour, 'Organizador' of an event, 'Responsável' of a stay or a restaurant), each as the block shows it. */
function contactBlockColumns(kind: ItemKind): Column<Item>[] {
  const block = ENTITIES[kind].contactBlock;
  if (!block) return [];
  const field = (
    key: string,
    label: string,
    value: (provider: NonNullable<Item['provider']>) => string | null,
  ): Column<Item> => ({
    key: `responsavel_${key}`,
    description: `${label} do bloco '${block.heading}' da página, quando informado.`,
    value: (item) => {
      const provider = shownProvider(item.provider);
      return provider ? value(provider) : null;
    },
  });
  return [
    field('nome', 'O nome', (provider) => given(provider.name)),
    field('contato', 'A pessoa de contato', (provider) => given(provider.contact)),
    field('telefone', 'O telefone', (provider) => phone(provider.phone)),
    field('email', 'O e-mail', (provider) => given(provider.email)),
    field('site', 'O site', (provider) => given(provider.website)),
    field('endereco', 'O endereço', (provider) => given(provider.address)),
    ...(block.hasCnpj ? [field('cnpj', 'O CNPJ', (provider) => given(provider.cnpj))] : []),
  ];
}

/**
 * An item's row, in the order a page reads: who, where, when, how much, contacts, what it offers, the
 * page. The columns of `every` kind, and a group's only in the rows of the kinds that have it.
 */
const ITEM_ROW: readonly { group: ItemGroup | 'every'; columns: ItemColumns }[] = [
  {
    group: 'every',
    columns: (kind) => [
      {
        key: 'id',
        description: `O identificador no endereço da página (${ENTITIES[kind].detailPrefix}/101: 101).`,
        value: (item) => item.id,
      },
      { key: 'nome', description: 'O nome, como a página o mostra.', value: (item) => item.title },
      {
        key: 'tipo',
        description: `'${ENTITIES[kind].singular}' em toda linha: o tipo, como o cartão o diz.`,
        value: (item) => ENTITIES[item.kind].singular,
      },
    ],
  },
  {
    group: 'category',
    columns: [
      {
        key: 'categoria',
        description: 'A categoria, como a página a mostra; vazia quando não informada.',
        value: (item) => given(item.category),
      },
    ],
  },
  {
    group: 'cuisine',
    columns: [
      {
        key: 'culinaria',
        description: 'A culinária, como a página a mostra; vazia quando não informada.',
        value: (item) => given(item.cuisine),
      },
    ],
  },
  {
    group: 'every',
    columns: [
      {
        key: 'resumo',
        description: "O começo da descrição, como o cartão da lista o mostra (até 120 caracteres e '...').",
        value: (item) => given(item.excerpt),
      },
      {
        key: 'local',
        description: "O endereço ou local, como a página o mostra; vazio quando não informado ('Local não informado').",
        value: (item) => given(item.location),
      },
      {
        key: 'localidade',
        description: "A cidade do local, como o filtro 'Localidade' da lista a mostra; vazia quando não informada.",
        value: (item) => given(item.locality),
      },
    ],
  },
  {
    group: 'eventDates',
    columns: [
      {
        key: 'datas',
        description: "As datas como a página as escreve ('16 a 25 de julho de 2027', 'Data a confirmar').",
        value: (item) => eventDatesFact(item),
      },
      {
        key: 'inicio',
        description:
          "O início como o provedor o deu: um dia ('2027-07-16') ou dia e hora com o fuso ('2027-07-16T19:00:00-04:00'); vazio quando a data está a confirmar.",
        value: (item) => item.startDate,
      },
      {
        key: 'fim',
        description: 'O fim, na mesma forma do início; vazio quando não informado.',
        value: (item) => item.endDate,
      },
    ],
  },
  {
    group: 'every',
    columns: [
      {
        key: 'duracao',
        description: "A duração como o provedor a escreveu ('3h', 'Dia inteiro', '2 noites'); vazia quando não informada.",
        value: (item) => given(item.duration),
      },
    ],
  },
  {
    group: 'groupSize',
    columns: [
      {
        key: 'pessoas',
        description: 'Para quantas pessoas é a oferta, quando o provedor diz.',
        value: (item) => item.people,
      },
    ],
  },
  { group: 'every', columns: (kind) => [RATING, ...priceColumns(kind)] },
  {
    group: 'ownLine',
    // A restaurant's own line, as its page's chip shows it.
    columns: [phoneColumn((item) => item.phone ?? item.contactPhone)],
  },
  {
    group: 'contactBox',
    columns: [
      phoneColumn((item) => item.contactPhone),
      {
        key: 'email',
        description: 'O e-mail de contato, como a página o mostra; vazio quando não informado.',
        value: (item) => given(item.email),
      },
    ],
  },
  { group: 'contactBlock', columns: contactBlockColumns },
  {
    group: 'experiences',
    columns: [
      {
        key: 'experiencias',
        description: `As experiências que oferece, separadas por '${LIST_SEPARATOR.trim()}' (o filtro 'Experiências' da lista).`,
        value: (item) => item.experiences,
      },
    ],
  },
  {
    group: 'every',
    columns: [
      {
        key: 'caracteristicas',
        description: `As características que o cartão da lista mostra (até 5), separadas por '${LIST_SEPARATOR.trim()}'.`,
        value: (item) => cardKeywords(item),
      },
    ],
  },
  {
    group: 'amenities',
    columns: [
      {
        key: 'comodidades',
        description: `As comodidades, separadas por '${LIST_SEPARATOR.trim()}'.`,
        value: (item) => item.amenities,
      },
    ],
  },
  {
    group: 'registration',
    columns: (kind) => [
      {
        key: 'razao_social',
        description: `A razão social ('${kind === 'tourProvider' ? 'Razão social' : 'Empresa'}' na página), quando informada.`,
        value: (item) => given(item.businessName),
      },
      {
        key: 'cnpj',
        description: 'O CNPJ exatamente como o provedor o deu, quando informado.',
        value: (item) => given(item.cnpj),
      },
      {
        key: 'cadastur',
        description: 'O número do CADASTUR exatamente como o provedor o deu, quando informado.',
        value: (item) => given(item.cadastur),
      },
    ],
  },
  {
    group: 'every',
    columns: [{ key: 'url', description: PAGE_URL, value: (item, context) => context.pageUrl(itemPath(item.kind, item.id)) }],
  },
];

/** The columns of one kind of item: ITEM_ROW's, but the groups the kind has not. */
function itemColumns(kind: ItemKind): Column<Item>[] {
  const groups = groupsOf(kind);
  return ITEM_ROW.filter(({ group }) => group === 'every' || groups.has(group)).flatMap(({ columns }) =>
    typeof columns === 'function' ? columns(kind) : columns,
  );
}

/** A field of an experience's 'Fornecedor' block, as its page shows it (shownExperienceProvider). */
function experienceProviderColumn(
  key: string,
  label: string,
  value: (provider: NonNullable<Experience['provider']>) => string | null,
): Column<Experience> {
  return {
    key: `fornecedor_${key}`,
    description: `${label} do bloco 'Fornecedor' da página, quando informado.`,
    value: (experience) => {
      const provider = shownExperienceProvider(experience.provider);
      return provider ? value(provider) : null;
    },
  };
}

const EXPERIENCE_COLUMNS: Column<Experience>[] = [
  {
    key: 'id',
    description: 'O identificador no endereço da página (/experience/pesca: pesca).',
    value: (experience) => experience.id,
  },
  { key: 'nome', description: 'O nome da experiência.', value: (experience) => experience.title },
  { key: 'subtitulo', description: 'O subtítulo, quando informado.', value: (experience) => given(experience.subtitle) },
  {
    key: 'resumo',
    description: 'O começo da descrição (até 100 caracteres), como a grade da página inicial o mostra.',
    value: (experience) => given(experience.excerpt),
  },
  experienceProviderColumn('nome', 'O nome', (provider) => given(provider.name)),
  experienceProviderColumn('telefone', 'O telefone', (provider) => phone(provider.phone)),
  experienceProviderColumn('email', 'O e-mail', (provider) => given(provider.email)),
  { key: 'url', description: PAGE_URL, value: (experience, context) => context.pageUrl(experiencePath(experience.id)) },
];

const NEWS_COLUMNS: Column<NewsArticle>[] = [
  { key: 'id', description: 'O identificador no endereço da página (/news/1234: 1234).', value: (article) => article.id },
  { key: 'titulo', description: 'O título da notícia.', value: (article) => article.title },
  {
    key: 'publicado_em',
    description:
      "Quando foi publicada, em ISO 8601 ('2026-11-20T14:30:00Z' ou com o fuso); a página mostra o dia e a hora no horário da cidade.",
    value: (article) => article.publishedAt,
  },
  { key: 'categoria', description: 'A categoria da notícia.', value: (article) => article.category },
  { key: 'autor', description: "Quem assina ('Redação' quando o blog não diz).", value: (article) => article.author },
  { key: 'resumo', description: 'O resumo que a página mostra sob o título.', value: (article) => given(article.summary) },
  {
    key: 'etiquetas',
    description: `As etiquetas (tags), separadas por '${LIST_SEPARATOR.trim()}'.`,
    value: (article) => article.tags,
  },
  { key: 'leitura_minutos', description: 'O tempo de leitura em minutos.', value: (article) => article.readTime },
  {
    key: 'visualizacoes',
    description: 'Quantas vezes foi lida, quando o blog conta; vazio quando não.',
    value: (article) => article.views,
  },
  { key: 'destaque', description: "'sim' para uma notícia em destaque.", value: (article) => article.featured },
  {
    key: 'materia_completa',
    description: "O endereço da matéria completa no blog ('Ler matéria completa no blog'), quando a página o oferece.",
    value: (article, context) => fullArticleUrl(article, context.blogUrl),
  },
  { key: 'url', description: PAGE_URL, value: (article, context) => context.pageUrl(newsPath(article.id)) },
];

const TESTIMONIAL_COLUMNS: Column<Testimonial>[] = [
  {
    key: 'id',
    description: 'O identificador no endereço da página (/testimonials/42: 42).',
    value: (testimonial) => testimonial.id,
  },
  { key: 'nome', description: "Quem escreveu ('Anônimo' quando não disse).", value: (testimonial) => testimonial.name },
  {
    key: 'origem',
    description: "De onde é ('Cuiabá – MT'), quando disse.",
    value: (testimonial) => placeName(testimonial.location),
  },
  {
    key: 'avaliacao',
    description: 'A nota dada, na escala da coluna seguinte; vazia quando não há.',
    value: (testimonial) => testimonial.rating,
  },
  {
    key: 'avaliacao_escala',
    description: 'A escala das notas (5: estrelas; 10: nota de 0 a 10), a mesma em todo o arquivo.',
    value: (testimonial, context) => (testimonial.rating === null ? null : context.testimonialScale),
  },
  {
    key: 'sobre',
    description: 'Sobre o que é: o nome do passeio ou do lugar, ou o tipo quando não diz.',
    value: (testimonial) => given(testimonial.title) ?? experienceLabel(testimonial.experience),
  },
  {
    key: 'categoria',
    description: "O tipo do que é avaliado ('Passeios', 'Restaurantes', …).",
    value: (testimonial) => experienceLabel(testimonial.experience),
  },
  {
    key: 'sobre_url',
    description: 'O endereço da página do que é avaliado, quando o portal a tem.',
    value: (testimonial, context) => {
      const path = reviewedItemPath(testimonial, context.hasItemPage);
      return path ? context.pageUrl(path) : null;
    },
  },
  {
    key: 'texto',
    description: "O depoimento ('Mensagem de áudio' para uma mensagem de voz).",
    value: (testimonial) => testimonial.content,
  },
  {
    key: 'enviado_em',
    description: 'Quando foi escrito (não a data da visita), como o provedor o deu; a página mostra mês e ano.',
    value: (testimonial) => testimonial.writtenDate,
  },
  {
    key: 'verificado',
    description: "'sim' quando o provedor diz que foi verificado.",
    value: (testimonial) => testimonial.verified,
  },
  {
    key: 'destaque',
    description: "'sim' para um depoimento em destaque (nota 9 de 10 ou mais).",
    value: (testimonial) => testimonial.featured,
  },
  {
    key: 'uteis',
    description: 'Quantas pessoas o acharam útil, quando o provedor conta.',
    value: (testimonial) => testimonial.helpful,
  },
  { key: 'url', description: PAGE_URL, value: (testimonial, context) => context.pageUrl(testimonialPath(testimonial.id)) },
];

/** Every collection /dados publishes, in the order its table lists them: the kinds of item, then experiences, news and testimonials. */
export const OPEN_DATASETS: readonly OpenDataset[] = [
  ...ITEM_KINDS.map((kind) =>
    dataset<Item>({
      slug: slugify(ENTITIES[kind].plural),
      collection: ENTITIES[kind].collection,
      name: ENTITIES[kind].listName,
      rowNote: `Uma linha por item da lista ${ENTITIES[kind].listName} do portal, na ordem dela; um cadastro que a lista deixa de fora não entra.`,
      columns: itemColumns(kind),
      entries: (source) => source.items[kind],
    }),
  ),
  dataset<Experience>({
    slug: 'experiencias',
    collection: 'experiences',
    name: 'Experiências',
    rowNote: 'Uma linha por experiência.',
    columns: EXPERIENCE_COLUMNS,
    entries: (source) => source.experiences,
  }),
  dataset<NewsArticle>({
    slug: 'noticias',
    collection: 'news',
    name: 'Notícias',
    rowNote: 'Uma linha por notícia, da mais recente à mais antiga.',
    columns: NEWS_COLUMNS,
    entries: (source) => source.news,
  }),
  dataset<Testimonial>({
    slug: 'depoimentos',
    collection: 'testimonials',
    name: 'Depoimentos',
    rowNote: 'Uma linha por depoimento de visitante.',
    columns: TESTIMONIAL_COLUMNS,
    entries: (source) => source.testimonials,
  }),
];

/** A file of a collection: /dados/passeios.csv, /dados/passeios.json. */
export const openDataPath = (dataset: Pick<OpenDataset, 'slug'>, format: 'csv' | 'json'): string =>
  `${OPEN_DATA_PATH}/${dataset.slug}.${format}`;

/** A collection's table: its columns' names and one row of cells per published entry. */
export interface OpenDataTable {
  dataset: OpenDataset;
  header: string[];
  rows: Cell[][];
}

/** Every collection's table, from the entries the site publishes. */
export function openDataTables(source: OpenDataSource, context: OpenDataContext): OpenDataTable[] {
  return OPEN_DATASETS.map((dataset) => ({
    dataset,
    header: dataset.columns.map((column) => column.key),
    rows: dataset.entries(source).map((entry) => dataset.columns.map((column) => column.read(entry, context))),
  }));
}
