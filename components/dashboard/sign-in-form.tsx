import type { DashboardMessages } from '@/lib/i18n/dashboard-messages';
import styles from './dashboard.module.css';

/** The dashboard's sign-in: a plain form posted to the sign-in route (works without script). */
export function SignInForm({ messages, notice }: { messages: DashboardMessages; notice: string | null }) {
  return (
    <section className={styles.signIn} aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{messages.signInTitle}</h1>
      <p>{messages.signInIntro}</p>
      {notice && (
        <p role="alert" className={styles.alert}>
          {notice}
        </p>
      )}
      <form method="post" action="/partner/sign-in" className={styles.signInForm}>
        <label htmlFor="partner-password">{messages.password}</label>
        <input
          id="partner-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={200}
          className={styles.passwordInput}
        />
        <button type="submit" className={styles.button}>
          {messages.signIn}
        </button>
      </form>
    </section>
  );
}
