import { TranslationOutlined } from '@ant-design/icons';
import { LANGS, type Lang } from '@sentinel/contract';
import { Button } from 'antd';
import { i18n, setLanguage, useLang, useTranslation } from '../i18n/i18n.ts';
import { toast } from './feedback.ts';
import { LightDropdown } from './light-dropdown.tsx';

const LABELS: Record<Lang, string> = { en: 'English', 'zh-CN': '简体中文' };

/** Language switch (SPEC §1): instant, remembered in the `language` cookie. */
export function LangSwitch({ className, showLabel = false }: { className?: string; showLabel?: boolean }) {
  const lang = useLang();
  const { t } = useTranslation();
  const items = LANGS.map((key) => ({
    key,
    label: <span data-testid={`lang-${key}`}>{LABELS[key]}</span>,
  }));
  return (
    <LightDropdown
      items={items}
      selectedKey={lang}
      label={t('language')}
      onPick={async (key) => {
        await setLanguage(key as Lang);
        toast.success(i18n.t('switchLanguageSuccess'));
      }}
    >
      {({ ref, ...trigger }) => (
        <Button
          {...trigger}
          ref={ref as React.RefObject<HTMLButtonElement>}
          type="text"
          className={className}
          icon={<TranslationOutlined />}
          // The visible language name starts the accessible name (WCAG 2.5.3, label in name).
          aria-label={showLabel ? `${LABELS[lang]} (${t('language')})` : t('language')}
          data-testid="lang-switch"
        >
          {showLabel ? LABELS[lang] : null}
        </Button>
      )}
    </LightDropdown>
  );
}
