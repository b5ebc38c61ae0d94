/**
 * The structured data of /dados: a schema.org DataCatalog of one Dataset per collection, each with its
 * CSV and JSON as DataDownloads, so dataset search engines (Google Dataset Search, the federal
 * dados.gov.br harvesters) find the files with their licence and date. Each Dataset says only what
 * /dados says of it: its name, what its rows are, its files, the licence and the day of the build.
 */
import type { DataLicense } from '../config.ts';
import { type OpenDataset, openDataPath } from './columns.ts';

interface OpenDataLdContext {
  /** The absolute address of a path of the site (canonicalUrl). */
  pageUrl: (path: string) => string;
  /** 'Barra do Bugres – MT'. */
  place: string;
  /** Who publishes the data: the city's body (CITY_BODY) when configured, else the portal's name. */
  publisher: string;
  license: DataLicense;
  /** The build's day in the city's calendar (cityDay(BUILT_AT)): the files are made by each build. */
  modified: string;
}

const FORMATS = [
  { format: 'csv', encodingFormat: 'text/csv' },
  { format: 'json', encodingFormat: 'application/json' },
] as const;

/** The DataCatalog of /dados with one Dataset per collection it publishes, in its table's order. */
export function openDataLd(datasets: readonly OpenDataset[], context: OpenDataLdContext): object {
  const publisher = { '@type': 'Organization', name: context.publisher };
  return {
    '@context': 'https://schema.org',
    '@type': 'DataCatalog',
    name: `Dados abertos do turismo de ${context.place}`,
    url: context.pageUrl('/dados'),
    inLanguage: 'pt-BR',
    publisher,
    dataset: datasets.map((dataset) => ({
      '@type': 'Dataset',
      name: `${dataset.name} – turismo de ${context.place}`,
      // Google asks for 50 to 5000 characters: what the rows are, where, and in which files.
      description: `${dataset.name} do portal de turismo de ${context.place}, em CSV e JSON. ${dataset.rowNote}`,
      url: context.pageUrl(`/dados#dicionario-${dataset.slug}`),
      inLanguage: 'pt-BR',
      isAccessibleForFree: true,
      // A licence without an address is named on /dados; schema.org's license is a URL or a CreativeWork.
      license: context.license.url ?? { '@type': 'CreativeWork', name: context.license.name },
      creator: publisher,
      dateModified: context.modified,
      distribution: FORMATS.map(({ format, encodingFormat }) => ({
        '@type': 'DataDownload',
        encodingFormat,
        contentUrl: context.pageUrl(openDataPath(dataset, format)),
      })),
    })),
  };
}
