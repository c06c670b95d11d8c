import { ANALYSIS_MAX_DAYS } from '@sentinel/contract';
import { DatePicker, Flex, Segmented, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { TIME_PRESETS } from '@/shared/filters/time-presets.ts';
import { tr, useTranslation } from '@/shared/i18n/i18n.ts';
import type { PeriodChoice, StatisticsFilters } from '../lib/period.ts';
import { AccountPicker } from './account-picker.tsx';

type Range = [Dayjs | null, Dayjs | null] | null;

/** A custom range must be whole (SPEC '请选择开始时间和截止时间!'), in order and at most 366 days. */
export function rangeProblem(range: Range): string | null {
  if (!range?.[0] || !range[1]) return tr('time.rangeRequired');
  if (range[1].isBefore(range[0])) return tr('time.endBeforeStart');
  if (range[1].diff(range[0], 'day', true) > ANALYSIS_MAX_DAYS) return tr('time.rangeTooLong');
  return null;
}

interface PeriodBarProps {
  value: StatisticsFilters;
  onChange: (filters: StatisticsFilters) => void;
  /** Admins pick whose figures they see. */
  isAdmin: boolean;
  selfId: number | null;
}

/**
 * The period (today, this week, this month, last 30 days, or a custom range that applies once
 * both ends are chosen) and, for an admin, the account.
 */
export function PeriodBar({ value, onChange, isAdmin, selfId }: PeriodBarProps) {
  const { t } = useTranslation('myStatistics');
  const { t: tc } = useTranslation();
  const [choice, setChoice] = useState<PeriodChoice>(value.preset);
  const [problem, setProblem] = useState<string | null>(null);
  const shown: PeriodChoice = choice === 'custom' || value.preset === 'custom' ? choice : value.preset;
  const range: Range =
    value.startTime && value.endTime ? [dayjs(value.startTime), dayjs(value.endTime)] : null;
  const withAccount = (next: StatisticsFilters): StatisticsFilters =>
    value.accountId === undefined ? next : { ...next, accountId: value.accountId };

  return (
    <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }} data-testid="statistics-filters">
      <Segmented<PeriodChoice>
        aria-label={tc('filter.time')}
        data-testid="statistics-period"
        value={shown}
        onChange={(next) => {
          setChoice(next);
          setProblem(null);
          if (next !== 'custom') onChange(withAccount({ preset: next }));
        }}
        options={[
          ...TIME_PRESETS.map((p) => ({ value: p as PeriodChoice, label: tc(`filter.preset.${p}`) })),
          { value: 'custom', label: t('period.custom') },
        ]}
      />
      {shown === 'custom' ? (
        <Flex vertical gap={2}>
          <DatePicker.RangePicker
            showTime
            value={range}
            aria-label={tc('filter.time')}
            placeholder={[tc('filter.start'), tc('filter.end')]}
            data-testid="statistics-range"
            status={problem ? 'error' : undefined}
            onChange={(next) => {
              const why = rangeProblem(next);
              setProblem(why);
              if (why || !next?.[0] || !next[1]) return;
              onChange(
                withAccount({
                  preset: 'custom',
                  startTime: next[0].toISOString(),
                  endTime: next[1].toISOString(),
                }),
              );
            }}
          />
          {problem ? (
            <Typography.Text
              type="danger"
              role="alert"
              style={{ fontSize: 12 }}
              data-testid="statistics-range-error"
            >
              {problem}
            </Typography.Text>
          ) : null}
        </Flex>
      ) : null}
      {isAdmin ? (
        <AccountPicker
          value={value.accountId ?? selfId ?? undefined}
          selfId={selfId}
          onChange={(accountId) => {
            const { accountId: _old, ...rest } = value;
            onChange(accountId === undefined || accountId === selfId ? rest : { ...rest, accountId });
          }}
        />
      ) : null}
    </Flex>
  );
}
