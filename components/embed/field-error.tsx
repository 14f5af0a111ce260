import styles from './snippet-builder.module.css';

/** The message beside a field whose value is not used, tied to it by `id` (the field's `aria-describedby`). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.error} role="alert">
      {message}
    </p>
  );
}
