/**
 * What the sync found, in the editors' Portuguese: one sentence per record left out or repaired, per
 * collection that could not be refreshed, per photo replaced. Each names the record as the editor
 * knows it, says what happened, and where to fix it. /status (src/pages/status.astro) and the sync's job
 * summary (scripts/sync/summary.ts) both write these sentences; docs/editores.md explains them.
 */
import { isRouteSafeId } from '../route-id.ts';
import type { CollectionProblem, CollectionStatus, NoteProblem, RecordNote } from '../schemas/index.ts';
import { countLabel } from '../text.ts';
import { collectionNoun } from './collection-names.ts';
import { excerpt } from './excerpt.ts';

/**
 * How a report sets off a quote of upstream text (an excerpt) from its own words: /status shows it as
 * it is; the job summary as a code span, which Markdown neither renders nor autolinks (scripts/sync/summary.ts).
 */
export type Quote = (excerpt: string) => string;

/** An excerpt of upstream text, set off as `quote` sets it off. */
export const quoteOf = (text: string, quote: Quote = (shown) => shown) => quote(excerpt(text));

export type SourceName = CollectionStatus['source'];

/** Each source as the editors know it, and where its records are fixed. */
export const SOURCES: Record<SourceName, { name: string; subject: string; place: string }> = {
  cityApi: { name: 'Provedor de dados da cidade', subject: 'o provedor de dados', place: 'no painel do provedor' },
  blog: { name: 'Blog (WordPress)', subject: 'o blog', place: 'no WordPress' },
  podcast: { name: 'Podcast (Spotify)', subject: 'o Spotify', place: 'no Spotify' },
};

/**
 * Field names as the upstreams send them, in words: the last named part of the field's path
 * ('provider.email' → 'e-mail'). A field not listed is named as it is sent.
 */
const FIELD_WORDS: [RegExp, string][] = [
  [/^id$/, 'o identificador'],
  [/^(title|titulo|título)$/, 'o título'],
  [/^(name|nome|business_name)$/, 'o nome'],
  [/^(start_date|starts_at|start|end_date|ends_at|end|date|date_gmt|modified|modified_gmt|created_at|release_date)$/, 'a data'],
  [/^parent$/, 'a página ascendente'],
  [/^menu_order$/, 'a ordem'],
  [/^(price|sale_price|pricing|preco|preço)$/, 'o preço'],
  [/e-?mail/, 'o e-mail'],
  [/phone|telefone|whatsapp/, 'o telefone'],
  [/^(site|website|link|url|spotify)$/, 'o endereço (link)'],
  [/^video$/, 'o vídeo'],
  [/^(gallery|images)$/, 'a galeria de fotos'],
  [/^(image|banner|avatar|large|thumb|logo|photo|cover|imageurl)$/, 'a foto'],
  [/^(instagram|facebook|tiktok|youtube|linkedin)$/, 'o perfil na rede social'],
  [/^rating$/, 'a avaliação'],
  [/^people$/, 'o número de pessoas'],
  [/^(duration|duration_ms|duration_description)$/, 'a duração'],
  [/^(tags|amenities|attributes|terms|faq|experiences|expriences)$/, 'a lista'],
  [/^status$/, 'a situação'],
  [
    /^(description|content|excerpt|include|exclude|how_it_works|essential_information|insurance_info|observations|policies|schedule|requirements|cancellation|accessibility)$/,
    'o texto',
  ],
];

/** The field of a note in words: 'a data', 'o e-mail', 'o campo “xyz”'; 'o registro' for a note without field. */
export function fieldWords(field: string | undefined): string {
  const last = (field ?? '')
    .split('.')
    .map((part) => part.replace(/\[\d+\]$/, ''))
    .filter(Boolean)
    .at(-1);
  if (!last) return 'o registro';
  const key = last.toLowerCase();
  return FIELD_WORDS.find(([pattern]) => pattern.test(key))?.[1] ?? `o campo “${last}”`;
}

/**
 * 'Evento 412 “Festa do Peixe”'; a record without a usable id by its position ('Evento sem identificador
 * (o 3º da lista)'). The name is shown only beside an id that is a page address: the title of a record
 * whose id is itself broken is as likely to be crafted.
 */
export function recordSubject(collection: string, note: Pick<RecordNote, 'id' | 'name'>, quote?: Quote): string {
  const { singular } = collectionNoun(collection);
  const position = /^#(\d+) \(no id\)$/.exec(note.id)?.[1];
  const isPageId = isRouteSafeId(note.id);
  const id = isPageId ? note.id : quoteOf(note.id, quote);
  const who = position ? `${singular} sem identificador (o ${position}º da lista)` : `${singular} ${id}`;
  return isPageId && note.name && note.name !== note.id ? `${who} “${quoteOf(note.name, quote)}”` : who;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What to do of most problems: the field, at its source. */
const FIX_THE_FIELD = 'Corrija {field} {place}.';

/**
 * What each problem did to the field (`{field}` and `{value}` filled in) and what to do at the source
 * (`{place}`), FIX_THE_FIELD unless said.
 */
const PROBLEMS: Record<NoteProblem, { what: string; fix?: string }> = {
  'text-cut': { what: '{field} é longo demais e foi cortado', fix: 'Encurte {field} {place}.' },
  'list-cut': { what: '{field} tem itens demais: só os primeiros aparecem', fix: 'Reduza {field} {place}.' },
  'nested-too-deep': { what: '{field} tem dados encaixados demais e ficou de fora', fix: 'Simplifique {field} {place}.' },
  'html-too-deep': {
    what: 'a formatação de {field} tem níveis demais e foi simplificada',
    fix: 'Simplifique a formatação {place}.',
  },
  'out-of-range': { what: '{field} {value} está fora da faixa aceita e ficou de fora' },
  'not-understood': { what: '{field} {value} não foi reconhecido e ficou de fora' },
  'not-email': { what: '{field} {value} não é um e-mail válido e ficou de fora' },
  'not-phone': { what: '{field} {value} não é um telefone válido (de 8 a 15 dígitos) e ficou de fora' },
  'not-url': { what: '{field} {value} não é um endereço de site (http ou https) e ficou de fora' },
  'not-image-url': { what: '{field} {value} não é um endereço de imagem (http ou https) e ficou de fora' },
  'not-spotify-url': { what: '{field} {value} não é um endereço do Spotify e ficou de fora' },
  'not-blog-url': { what: '{field} {value} não é um endereço do blog e ficou de fora' },
  'not-price': {
    what: '{field} {value} não é um preço (negativo, menor que um centavo, com vários números ou alto demais) e ficou de fora',
  },
  'not-date': { what: '{field} {value} não é uma data válida e ficou de fora' },
  'own-site-address': { what: '{field} {value} aponta para o próprio portal, não para um site do fornecedor, e ficou de fora' },
  'private-address': {
    what: '{field} {value} aponta para um endereço de rede interna, que o visitante não acessa, e ficou de fora',
  },
  'lookalike-address': {
    what: '{field} {value} imita o endereço do portal (pode ser uma página falsa) e ficou de fora',
    fix: 'Confira {field} {place}: use o endereço verdadeiro do site.',
  },
  'not-network-address': { what: '{field} {value} não é um endereço dessa rede social e ficou de fora' },
  'link-not-a-page': {
    what: 'um link do texto ({value}) leva a uma página que não existe no portal: ficou só o texto, sem o link',
    fix: 'Corrija ou retire o link {place}.',
  },
  'link-anchor-dropped': {
    what: 'um link do texto ({value}) aponta para um trecho de página: ele leva ao início da página',
    fix: 'Se o trecho importa, aponte o link para a página {place}.',
  },
  invalid: { what: '{field} {value} falta ou é inválido: o registro ficou fora do site' },
  'too-large': {
    what: 'o registro é grande demais para uma página e ficou fora do site',
    fix: 'Reduza o texto ou a galeria {place}.',
  },
  secret: {
    what: 'o registro contém uma chave de acesso do site (uma senha), que não pode ser publicada, e ficou fora do site',
    fix: 'Retire a chave do texto {place} e avise a equipe técnica, que precisa trocar essa chave.',
  },
  'duplicate-id': {
    what: 'o identificador é o mesmo de outro registro: ficou no site só o primeiro',
    fix: 'Peça ao provedor um identificador próprio para cada registro.',
  },
  unreadable: { what: 'o registro não pôde ser lido e ficou fora do site', fix: 'Confira o registro {place}.' },
  'not-published': { what: 'não está publicado ({value}) e ficou fora do site', fix: 'Publique-o {place}, se deve aparecer.' },
  'no-title': { what: 'não tem título e ficou fora do site', fix: 'Dê um título a ele {place}.' },
  'missing-parent': {
    what: 'está abaixo de uma página que não está publicada ({value}) e ficou fora do site',
    fix: 'Publique a página de cima {place}, ou escolha outra como “Página ascendente”.',
  },
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_match, key: string) => values[key] ?? '').replace(/ {2,}/g, ' ');

/**
 * One record note as the editors read it: 'Evento 412 “Festa do Peixe”: a data "31/02/2026" não é
 * uma data válida e ficou de fora. Corrija a data no painel do provedor.'
 */
export function recordNoteText(collection: string, source: SourceName, note: RecordNote, quote?: Quote): string {
  // A record that is no record at all (null, a number, a list) has no field to name.
  const { what, fix = FIX_THE_FIELD } = PROBLEMS[note.problem === 'invalid' && !note.field ? 'unreadable' : note.problem];
  const value = note.value ? quoteOf(note.value, quote) : '';
  const values = { field: fieldWords(note.field), value, place: SOURCES[source].place };
  return `${recordSubject(collection, note, quote)}: ${fill(what, values)}. ${capitalised(fill(fix, values))}`;
}

/** Why a source could not be read, in words. */
function failureWords(problem: Extract<CollectionProblem, { code: 'unavailable' }>): string {
  switch (problem.kind) {
    case 'http':
      return `respondeu com erro ${problem.status ?? ''}`.trim();
    case 'credentials':
      return `recusou a chave de acesso (erro ${problem.status ?? ''}); a equipe técnica precisa renovar a chave`;
    case 'timeout':
      return 'não respondeu a tempo';
    case 'network':
      return 'não pôde ser contatado';
    case 'garbage':
      return 'respondeu com dados num formato inesperado';
    case 'too-large':
      return 'enviou dados demais de uma vez';
    default:
      return 'falhou';
  }
}

/** What a collection shows when this sync could not refresh it. */
function shownInstead(
  status: Pick<CollectionStatus, 'id' | 'origin' | 'count' | 'syncedAt'>,
  when: (iso: string) => string,
): string {
  if (status.origin === 'sample') return 'o site mostra dados de exemplo';
  // With no city ever read, the sync publishes the configured city's name alone (FALLBACK_CITY).
  if (status.origin === 'none' && status.id === 'city') return 'o site mostra só o nome da cidade, sem fotos nem contatos';
  // The blog's pages are no list: without them /destination and /about say the portal's own words, and no guide.
  if (status.origin === 'none' && status.id === 'blogPages')
    return '/destination e /about mostram o texto padrão do portal, e o guia do visitante não aparece';
  if (status.origin === 'none') return 'a lista fica vazia';
  const items = countLabel(status.count, 'item', 'itens');
  return status.syncedAt ? `o site mostra os ${items} de ${when(status.syncedAt)}` : `o site mostra os ${items} anteriores`;
}

/**
 * What an editor should know of one collection's sync, or null when it went well: 'Notícias: o blog
 * não respondeu a tempo; o site mostra os 12 itens de 27/11/2026 às 03:20.' `when` writes a date in
 * the city's time.
 */
export function collectionProblemText(status: CollectionStatus, when: (iso: string) => string, quote?: Quote): string | null {
  const { problem } = status;
  if (!problem) return null;
  const name = collectionNoun(status.id).plural;
  const source = SOURCES[status.source].subject;
  // 'de' + 'o blog' is 'do blog'.
  const ofSource = source.replace(/^o /, 'do ').replace(/^a /, 'da ');
  const previous = (count: number) => countLabel(count, 'publicado', 'publicados');
  switch (problem.code) {
    case 'unavailable':
      return `${name}: ${source} ${failureWords(problem)}; ${shownInstead(status, when)}.`;
    case 'shrink':
      return (
        `${name}: vieram ${countLabel(problem.count, 'item', 'itens')}, menos da metade dos ${previous(problem.previous)}; ` +
        `${shownInstead(status, when)}. Se a redução é intencional, peça uma nova publicação com a opção “allow_shrink” marcada (veja “Publicar agora” no guia dos editores).`
      );
    case 'partial-kept':
      return (
        `${name}: a leitura parou no meio (uma página ${ofSource} falhou) com ${countLabel(problem.count, 'item', 'itens')}, ` +
        `menos da metade dos ${previous(problem.previous)}; ${shownInstead(status, when)}.`
      );
    case 'partial':
      return `${name}: a leitura parou no meio (uma página ${ofSource} falhou); o site mostra os ${countLabel(problem.count, 'item', 'itens')} lidos.`;
    case 'partial-filled':
      return (
        `${name}: a leitura parou no meio (uma página ${ofSource} falhou); o site mostra os ${countLabel(problem.count, 'item', 'itens')} lidos ` +
        `e mantém ${countLabel(problem.filled, 'item', 'itens')} da publicação anterior que não puderam ser lidos desta vez.`
      );
    case 'growth':
      return (
        `${name}: vieram ${countLabel(problem.count, 'item', 'itens')}, muito mais que os ${previous(problem.previous)}; ` +
        `${shownInstead(status, when)}. Confira se ${source} está mandando os dados desta cidade. Se o crescimento é intencional, ` +
        'peça uma nova publicação com a opção “allow_growth” marcada (veja “Publicar agora” no guia dos editores).'
      );
    case 'another-city':
      return `${name}: o provedor respondeu com outra cidade (${quoteOf(problem.found, quote)}); ${shownInstead(status, when)}.`;
    case 'ids-replaced':
      return (
        `${name}: ${problem.gone} dos ${previous(problem.previous)} saíram e outros entraram no lugar. ` +
        `Confira ${SOURCES[status.source].place} se era o esperado.`
      );
  }
}

/** Why a photo could not be used, from the sync's reason (scripts/sync/images/report.ts, describeImageError), in words. */
export function imageFailureWords(reason: string): string {
  // Not asked for this run (scripts/sync/images/schedule.ts, skipOf): said first, the reason they quote may be a timeout or a status.
  if (/^skipped: host /.test(reason)) {
    return 'o servidor da foto falhou várias vezes seguidas, e ela fica para a próxima atualização';
  }
  if (/^skipped: .* of the same record /.test(reason)) {
    return 'outras fotos do mesmo registro falharam várias vezes seguidas, e ela fica para a próxima atualização';
  }
  if (/deadline/i.test(reason)) return 'acabou o tempo para baixar as fotos desta atualização, e ela fica para a próxima';
  const status = /\bHTTP (\d{3})\b/.exec(reason)?.[1];
  if (status === '404' || status === '410') return 'a foto não existe mais nesse endereço';
  if (status) return `o endereço da foto respondeu com erro ${status}`;
  if (/timed out|deadline|timeout/i.test(reason)) return 'o servidor da foto não respondeu a tempo';
  if (/network error/i.test(reason)) return 'o servidor da foto não pôde ser contatado';
  if (/^refused|resolves to|only public|redirected to/i.test(reason)) return 'o endereço da foto não é público';
  if (/too large|pixels/i.test(reason)) return 'a foto é grande demais';
  if (/example host/i.test(reason)) return 'o endereço da foto é só de exemplo';
  if (/image|corrupt|truncated|empty body|content type|format/i.test(reason)) return 'o arquivo não é uma foto válida';
  return 'a foto não pôde ser baixada';
}

/**
 * Photos of a record shown as the placeholder: 'Passeio 101 “Trilha”: uma foto não pôde ser usada (a foto
 * não existe mais nesse endereço); no lugar dela aparece uma imagem padrão. Envie outra foto no painel do provedor.'
 */
export function imageNoteText(
  collection: string,
  source: SourceName,
  record: { id: string; name: string; count: number; reason: string },
  quote?: Quote,
): string {
  const what =
    record.count === 1
      ? 'uma foto não pôde ser usada'
      : `${record.count} fotos não puderam ser usadas (a primeira porque ${imageFailureWords(record.reason)})`;
  const why = record.count === 1 ? ` (${imageFailureWords(record.reason)})` : '';
  const instead = record.count === 1 ? 'no lugar dela aparece uma imagem padrão' : 'no lugar delas aparece uma imagem padrão';
  return `${recordSubject(collection, record, quote)}: ${what}${why}; ${instead}. Envie outra foto ${SOURCES[source].place}.`;
}
