/**
 * /status as data: what the page tells an editor, in the order they need it (when the site was
 * updated and who asked; a refused update; what needs their attention; the sources; what changed;
 * the counts; what the sync repaired by itself; the next nightly run). Pure, so its tests need no
 * build: the page (src/pages/status.astro) gathers the inputs and renders this.
 */
import { ENTITIES, experiencePath, itemPath, newsPath, testimonialPath } from '../entities.ts';
import { isRouteSafeId } from '../route-id.ts';
import type { CollectionStatus, HiddenReason } from '../schemas/index.ts';
import { ITEM_KINDS } from '../schemas/index.ts';
import { countLabel } from '../text.ts';
import { type BuildRequest, nextNightlyRun } from './build.ts';
import { COLLECTION_NAMES, collectionNoun } from './collection-names.ts';
import type { ImageNote } from './images.ts';
import {
  collectionProblemText,
  imageNoteText,
  type Quote,
  quoteOf,
  recordNoteText,
  recordSubject,
  SOURCES,
  type SourceName,
} from './messages.ts';
import type { Refusal } from './refusal.ts';

interface StatusInput {
  builtAt: Date;
  /** The city's time zone (SiteConfig.timeZone). */
  timeZone: string;
  request: BuildRequest;
  /** status.json, in the sync's order of collections. */
  statuses: readonly CollectionStatus[];
  /** The note of a refused update, when this build republished the last good data (refusal.ts). */
  refusal: Refusal | null;
  images: readonly ImageNote[];
  /** How upstream text is set off from the page's own words (messages.ts); as it is when absent. */
  quote?: Quote;
  /** The settings a production build lacks (missingSettings, settings.ts); none when absent. */
  missingSettings?: readonly Line[];
}

/** One line of the page: a sentence, and the page it is about when it has one, linked from the start of the sentence that names it. */
export interface Line {
  text: string;
  href?: string;
  /** The start of `text` that is the link (the record's name); the whole text when absent. */
  linked?: string;
}

/** A list of lines under a heading, and how many more there are than the lines shown. */
export interface Group {
  heading: string;
  lines: Line[];
  more: number;
}

interface StatusView {
  /**
   * The top of the page: 'Atualizado às 14:32' and 'em 28/11/2026 (horário da cidade)', or, when this
   * build republished the last good data because an update was refused, that update and the date of
   * the data shown.
   */
  headline: { isRefused: boolean; title: string; detail: string };
  /** 'publicação da noite, automática', 'publicação pedida à mão, pelo botão “Run workflow” ou pelo webhook (motivo: Novo evento)'. */
  requestedBy: string;
  /** Why the update was not published, when it was refused. */
  refusal: { reasons: string[]; more: number; next: string } | null;
  /** What needs the editor's attention, most urgent first; empty when nothing does. */
  attention: Group[];
  sources: { name: string; isFresh: boolean; text: string }[];
  /** Per collection with anything new or gone since the last published build. */
  changes: { heading: string; added: Group; removed: Group; changed: number }[];
  /** Per collection, what its list shows ('4 itens') and, for kinds with records kept off the lists, how many ('6 fora das listas'). */
  counts: { name: string; count: string; hidden: string | null; href: string | null }[];
  /** Per kind with records kept off the lists, each named with why ('Guia 12 “Ana”: inativo'). */
  hidden: Group[];
  repairs: Group;
  nextNightly: string;
}

/** Where a collection's entries are on the site: its list, and the page of each entry. */
function pagesOf(collection: string): { list: string | null; entry: ((id: string) => string) | null } {
  const kind = ITEM_KINDS.find((item) => ENTITIES[item].collection === collection);
  if (kind) return { list: ENTITIES[kind].listPath, entry: (id) => itemPath(kind, id) };
  if (collection === 'news') return { list: '/news', entry: newsPath };
  if (collection === 'testimonials') return { list: '/testimonials', entry: testimonialPath };
  if (collection === 'experiences') return { list: null, entry: experiencePath };
  return { list: null, entry: null };
}

/** 'dd/mm/aaaa' and 'HH:MM' of a moment in `timeZone`. */
export function cityTime(iso: string | Date, timeZone: string): { date: string; time: string } {
  const moment = new Date(iso);
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('pt-BR', { timeZone, ...options }).format(moment);
  return {
    date: part({ day: '2-digit', month: '2-digit', year: 'numeric' }),
    time: part({ hour: '2-digit', minute: '2-digit' }),
  };
}

/**
 * Who asked for this build, in the editors' words (docs/editores.md, 'Publicar agora'): the deploy
 * workflow's triggers (BUILD_TRIGGER, build.ts). The button and the editors' webhook are one
 * `workflow_dispatch`; the older `repository_dispatch` is another system's request. A build that names
 * none is no publication of the workflow (a local `npm run build`).
 */
function requestWords({ trigger, reason }: BuildRequest): string {
  const why = reason ? ` (motivo: ${reason})` : '';
  switch (trigger) {
    case 'nightly':
      return 'publicação da noite, automática';
    case 'source-change':
      return 'publicação automática: a verificação viu uma mudança nas fontes';
    case 'button':
      return `publicação pedida à mão, pelo botão “Run workflow” ou pelo webhook${why}`;
    case 'webhook':
      return `publicação pedida por outro sistema, pelo webhook antigo${why}`;
    default:
      return `uma construção do site feita num computador, fora da publicação do GitHub${why}`;
  }
}

/** Why a record is kept off the lists, in the words of its status chip. */
export const HIDDEN_WORDS: Record<HiddenReason, string> = {
  inactive: 'inativo',
  pending: 'cadastro pendente',
  review: 'em análise',
  unpublished: 'cadastro não publicado',
};

/** A group of lines with at most the ones kept in status.json, and the count of the rest. */
const group = (heading: string, lines: Line[], total: number): Group => ({
  heading,
  lines,
  more: Math.max(0, total - lines.length),
});

/** One line per source: fresh at build time, or unavailable and since when its data is. */
function sourceLines(statuses: readonly CollectionStatus[], when: (iso: string) => string): StatusView['sources'] {
  return (Object.keys(SOURCES) as SourceName[]).flatMap((source): StatusView['sources'] => {
    const own = statuses.filter((status) => status.source === source);
    if (own.length === 0) return [];
    const name = SOURCES[source].name;
    const down = own.filter((status) => status.problem?.code === 'unavailable');
    if (own.every((status) => status.origin === 'sample' && !status.failed)) {
      return [{ name, isFresh: true, text: 'Não configurada: o site mostra dados de exemplo.' }];
    }
    if (down.length === 0) {
      const latest = own
        .map((status) => status.syncedAt ?? '')
        .sort()
        .at(-1);
      return [{ name, isFresh: true, text: latest ? `Respondeu. Dados de ${when(latest)}.` : 'Respondeu.' }];
    }
    // Only a kept snapshot has a date a visitor's data is from: the sample's is when it was written.
    const dates = down.flatMap((status) => (status.origin === 'snapshot' && status.syncedAt ? [status.syncedAt] : [])).sort();
    const shown = dates[0]
      ? `o site mostra os dados de ${when(dates[0])}`
      : down.some((status) => status.origin === 'sample')
        ? 'o site mostra dados de exemplo'
        : 'o site fica sem esses dados até uma atualização que os leia';
    const part = down.length === own.length ? 'Indisponível' : `Indisponível para ${down.length} de ${own.length} coleções`;
    return [{ name, isFresh: false, text: `${part} nesta atualização; ${shown}.` }];
  });
}

/** The editors' page of this build. */
export function statusView(input: StatusInput): StatusView {
  const { quote } = input;
  const when = (iso: string) => {
    const { date, time } = cityTime(iso, input.timeZone);
    return `${date} às ${time}`;
  };
  // In the sync's order of collections (COLLECTION_NAMES), whatever order the content layer gives.
  const order = Object.keys(COLLECTION_NAMES);
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
  const statuses = [...input.statuses].sort((a, b) => rank(a.id) - rank(b.id));

  const problems = statuses.flatMap((status) => collectionProblemText(status, when, quote) ?? []);
  const dropped = statuses.flatMap((status) =>
    status.dropped.first.map((note) => ({ text: recordNoteText(status.id, status.source, note, quote) })),
  );
  const droppedTotal = statuses.reduce((sum, status) => sum + status.dropped.total, 0);
  const images = input.images.map((image) => {
    const entry = pagesOf(image.collection).entry;
    const text = imageNoteText(image.collection, image.source, image, quote);
    return { text, ...(entry ? { href: entry(image.id), linked: recordSubject(image.collection, image, quote) } : {}) };
  });
  const settings = input.missingSettings ?? [];
  const attention = [
    group('Configurações que faltam', [...settings], settings.length),
    group(
      'Fontes e coleções com problema',
      problems.map((text) => ({ text })),
      problems.length,
    ),
    group('Registros que ficaram fora do site', dropped, droppedTotal),
    group('Fotos substituídas pela imagem padrão', images, images.length),
  ].filter((entry) => entry.lines.length > 0);

  const repairs = statuses.flatMap((status) =>
    status.repaired.first.map((note) => {
      const entry = pagesOf(status.id).entry;
      const text = recordNoteText(status.id, status.source, note, quote);
      const link = entry && isRouteSafeId(note.id) ? { href: entry(note.id), linked: recordSubject(status.id, note, quote) } : {};
      return { text, ...link };
    }),
  );
  const repairsTotal = statuses.reduce((sum, status) => sum + status.repaired.total, 0);

  const changes = statuses.flatMap((status) => {
    const change = status.changes;
    if (!change || change.added.total + change.removed.total + change.changed === 0) return [];
    const entry = pagesOf(status.id).entry;
    const added = change.added.first.map((ref) => ({
      text: quoteOf(ref.name, quote),
      ...(entry ? { href: entry(ref.id) } : {}),
    }));
    return [
      {
        heading: collectionNoun(status.id).plural,
        added: group('Novos', added, change.added.total),
        removed: group(
          'Saíram',
          change.removed.first.map((ref) => ({ text: quoteOf(ref.name, quote) })),
          change.removed.total,
        ),
        changed: change.changed,
      },
    ];
  });

  const hidden = statuses.flatMap((status) => {
    if (status.hidden.total === 0) return [];
    const entry = pagesOf(status.id).entry;
    const lines = status.hidden.first.map((record) => {
      const subject = recordSubject(status.id, record, quote);
      const link = entry && isRouteSafeId(record.id) ? { href: entry(record.id), linked: subject } : {};
      return { text: `${subject}: ${HIDDEN_WORDS[record.reason]}`, ...link };
    });
    return [group(collectionNoun(status.id).plural, lines, status.hidden.total)];
  });

  const updated = cityTime(input.builtAt, input.timeZone);
  const { refusal } = input;
  const headline = refusal
    ? {
        isRefused: true,
        title: `A atualização de ${when(refusal.attemptedAt)} não foi publicada`,
        detail: refusal.lastPublishedAt
          ? `O site continua no ar com os dados publicados em ${when(refusal.lastPublishedAt)}.`
          : 'O site continua no ar com os dados da última publicação.',
      }
    : { isRefused: false, title: `Atualizado às ${updated.time}`, detail: `em ${updated.date}, no horário da cidade` };
  const next = cityTime(nextNightlyRun(input.builtAt), input.timeZone);

  return {
    headline,
    requestedBy: requestWords(input.request),
    refusal: refusal && {
      reasons: refusal.reasons,
      more: Math.max(0, refusal.total - refusal.reasons.length),
      next:
        refusal.stage === 'verify'
          ? 'Corrija na origem o que está acima: a próxima atualização tenta de novo.'
          : 'A atualização falhou antes de terminar, por um problema técnico. A próxima atualização tenta de novo; se falhar outra vez, avise a equipe técnica.',
    },
    attention,
    sources: sourceLines(statuses, when),
    changes,
    // What the lists and /dados show: the records kept off them are counted apart.
    counts: statuses.map((status) => ({
      name: collectionNoun(status.id).plural,
      count: countLabel(status.count - status.hidden.total, 'item', 'itens'),
      hidden: status.hidden.total > 0 ? `${status.hidden.total.toLocaleString('pt-BR')} fora das listas` : null,
      href: pagesOf(status.id).list,
    })),
    hidden,
    repairs: group('Corrigidos automaticamente', repairs, repairsTotal),
    nextNightly: `${next.date} às ${next.time}`,
  };
}
