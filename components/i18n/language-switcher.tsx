import { setLocale } from '@/lib/i18n/actions';
import { LOCALES, type Locale } from '@/lib/i18n/config';
import { getMessages } from '@/lib/i18n/dictionaries';
import styles from './language-switcher.module.css';

/**
 * The visible language switcher: one small form per page whose buttons post the chosen locale to a server action
 * (a cookie), so it works before hydration too. It has no hooks, so server and client components can both render it.
 */
export function LanguageSwitcher({ locale }: { locale: Locale }) {
  const messages = getMessages(locale);
  return (
    <form action={setLocale} className={styles.switcher} aria-label={messages.switcher.label}>
      {LOCALES.map((option) => {
        const name = getMessages(option).languageName;
        const current = option === locale;
        return (
          <button
            key={option}
            type="submit"
            name="locale"
            value={option}
            lang={option}
            className={styles.option}
            aria-pressed={current}
            title={name}
          >
            <span aria-hidden="true">{option.toUpperCase()}</span>
            <span className="visually-hidden">{name}</span>
          </button>
        );
      })}
    </form>
  );
}
