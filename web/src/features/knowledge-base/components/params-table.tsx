import type { KnowledgeArticle } from '@sentinel/contract';
import { Table } from 'antd';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { pick } from '../lib/pick.ts';

type Param = KnowledgeArticle['params'][number];

/** The algorithm's parameters: name, value with its unit, description (in the UI language). */
export function ParamsTable({ params }: { params: Param[] }) {
  const { t } = useTranslation('knowledgeBase');
  const lang = useLang();
  return (
    <Table<Param>
      size="small"
      rowKey={(p) => p.name.en}
      data-testid="knowledge-params"
      dataSource={params}
      pagination={false}
      locale={{ emptyText: t('noParams') }}
      columns={[
        { key: 'name', title: t('column.name'), render: (_, p) => pick(p.name, lang), width: '25%' },
        {
          key: 'value',
          title: t('column.value'),
          align: 'right',
          width: 120,
          render: (_, p) => `${p.value}${p.unit ? ` ${p.unit}` : ''}`,
        },
        { key: 'description', title: t('column.description'), render: (_, p) => pick(p.description, lang) },
      ]}
    />
  );
}
