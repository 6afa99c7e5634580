import { useLingui } from '@lingui/react/macro';
import { LOCALE_INFO, LOCALES } from '@majlis/i18n';
import { Button } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { prefetchCatalogs } from '../../i18n/i18n.ts';
import { useChooseLanguage, useLanguage } from '../../state/language.tsx';
import { Icon } from '../../ui/icons.tsx';

/**
 * The Ar/En dropdown (spec §2). Language names are written in their own language and script. Hand-made rather than
 * Mantine's Menu: it sits on the first page, and Menu brings the floating-ui positioning engine with it.
 */
export function LanguageMenu() {
  const language = useLanguage();
  const choose = useChooseLanguage();
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  return (
    <div className="lang-menu" ref={root}>
      <button
        type="button"
        className="lang-menu__button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-label={`${t`Language`}: ${LOCALE_INFO[language].label}`}
        onClick={() => setOpen((o) => !o)}
        onPointerEnter={prefetchCatalogs}
        onFocus={prefetchCatalogs}
      >
        <Icon name="globe" size={16} />
        <span lang={language}>{LOCALE_INFO[language].label}</span>
      </button>
      {open && (
        <ul className="lang-menu__list">
          {LOCALES.map((code) => (
            <li key={code}>
              <button
                type="button"
                lang={code}
                dir={LOCALE_INFO[code].dir}
                aria-current={code === language || undefined}
                onClick={() => {
                  setOpen(false);
                  choose({ type: 'SET', value: LOCALE_INFO[code].stored });
                }}
              >
                {LOCALE_INFO[code].label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The dashboard's one-click toggle (spec §2 "a language toggle"). */
export function LanguageToggle() {
  const language = useLanguage();
  const choose = useChooseLanguage();
  const other = language === 'ar' ? 'en' : 'ar';
  const { t } = useLingui();
  return (
    <Button
      variant="subtle"
      color="gray"
      size="compact-sm"
      onClick={() => choose({ type: 'TOGGLE' })}
      onPointerEnter={prefetchCatalogs}
      onFocus={prefetchCatalogs}
      data-testid="language-toggle"
      title={t`Language`}
      // Never squeezed: in the dashboard's top bar at 360 px the account name gives way instead ("English" was cut);
      // the label is never cut to the button's width either (Mantine hides a label's overflow).
      style={{ flexShrink: 0 }}
      miw="max-content"
      styles={{ label: { overflow: 'visible' } }}
    >
      <span lang={other}>{LOCALE_INFO[other].label}</span>
    </Button>
  );
}
