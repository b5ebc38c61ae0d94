/**
 * The contact form (docs/product.md): name, e-mail, subject and message, all required. The site has no
 * server, so a valid message is handed off in the browser (src/lib/contact/contact.ts): the visitor's
 * e-mail program (mailto: with subject and body) when the agency has an address, else WhatsApp when it
 * has a mobile, never a landline. Each invalid field gets its message on a submit (and loses it once
 * corrected), the focus goes to the first, and what the visitor typed is never touched: the fields are
 * the form's own (uncontrolled), read at each submit.
 *
 * Hydrated by `client:reach` (ContactForm.astro): React comes when the visitor first reaches into the
 * form. The page serves 'Enviar Mensagem' disabled, so that without scripts nothing is sent (a form
 * with no server would put the message in the address, and a mailto: action is mixed content on HTTPS);
 * where scripts run the directive enables it at once (NEEDS_SCRIPT), and a message sent before React
 * came is sent once it runs (useEarlyActions). Without JavaScript the note says the form needs it
 * (NO_SCRIPT_NOTE) and links the agency's e-mail.
 */
import { type FormEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { NEEDS_SCRIPT } from '../directives/early-marks.ts';
import {
  type AgencyChannels,
  CONTACT_FIELDS,
  type ContactErrors,
  type ContactField,
  type ContactFields,
  type ContactHandoff,
  canHandOff,
  contactHandoff,
  contactNote,
  errorsAfterEdit,
  firstInvalidField,
  NO_SCRIPT_NOTE,
  validateContact,
} from '../lib/contact/contact.ts';
import { whatsappHint } from '../lib/contact/hand-off.ts';
import { namedRole } from '../lib/text.ts';
import { useEarlyActions } from './early-reach.ts';

interface Props {
  /** Who the message goes to, and by which channels. */
  agency: AgencyChannels;
}

/** The fields, their labels and their inputs' attributes, in page order. */
const FIELDS: Record<ContactField, { label: string; id: string; type?: string; autoComplete?: string }> = {
  nome: { label: 'Nome', id: 'contato-nome', type: 'text', autoComplete: 'name' },
  email: { label: 'E-mail', id: 'contato-email', type: 'email', autoComplete: 'email' },
  assunto: { label: 'Assunto', id: 'contato-assunto', type: 'text' },
  mensagem: { label: 'Mensagem', id: 'contato-mensagem' },
};

/** What the form's controls hold now. */
function readFields(form: HTMLFormElement): ContactFields {
  const data = new FormData(form);
  const text = (field: ContactField) => String(data.get(field) ?? '');
  return { nome: text('nome'), email: text('email'), assunto: text('assunto'), mensagem: text('mensagem') };
}

/** Opens the hand-off: the e-mail program over this page (which stays, with the text), WhatsApp in a new tab. */
function openHandoff(handoff: ContactHandoff): void {
  if (handoff.channel === 'email') window.location.href = handoff.href;
  else window.open(handoff.href, '_blank', 'noopener,noreferrer');
}

const noChange = () => () => undefined;

export default function ContactForm({ agency }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [handoff, setHandoff] = useState<ContactHandoff | null>(null);
  // False while hydrating (the server's HTML, button disabled), true from then on.
  const isRunning = useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
  // The first invalid field of the last submit, focused once its message is drawn, so a screen reader
  // reads the field with its message.
  const toFocus = useRef<ContactField | null>(null);
  useEffect(() => {
    if (!toFocus.current) return;
    (formRef.current?.elements.namedItem(toFocus.current) as HTMLElement | null)?.focus();
    toFocus.current = null;
  });
  const canSend = canHandOff(agency);
  useEarlyActions(formRef);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = readFields(event.currentTarget);
    const found = validateContact(fields);
    const first = firstInvalidField(found);
    const next = first ? null : contactHandoff(agency, fields);
    toFocus.current = first;
    setErrors(found);
    setHandoff(next);
    if (next) openHandoff(next);
  };
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const field = (event.target as HTMLInputElement).name as ContactField;
    if (!CONTACT_FIELDS.includes(field)) return;
    const fields = readFields(event.currentTarget);
    setErrors((now) => errorsAfterEdit(now, fields, field));
  };

  // Without JavaScript the button stays disabled: say why, where it could send once scripts run.
  const served = canSend ? NO_SCRIPT_NOTE : contactNote(agency.email, false);
  const running = contactNote(agency.email, canSend);
  return (
    <form
      ref={formRef}
      className="card contact-form"
      aria-labelledby="contact-form-title"
      aria-describedby="contact-form-note"
      noValidate
      onSubmit={onSubmit}
      onInput={onInput}
    >
      <h2 id="contact-form-title">Envie uma mensagem</h2>
      <p id="contact-form-note" className="note">
        {served === running ? (
          served
        ) : (
          <>
            <span className="no-js-only">{served}</span>
            <span className="js-only">{running}</span>
          </>
        )}
      </p>
      {/* Without JavaScript, the way to write; with it, another way. */}
      {agency.email && (
        <p className="note">
          <span className="no-js-only">Escreva direto para </span>
          <span className="js-only">Se preferir, escreva direto para </span>
          <a href={`mailto:${agency.email}`}>{agency.email}</a>.
        </p>
      )}
      <div className="row">
        <Field field="nome" error={errors.nome} />
        <Field field="email" error={errors.email} />
      </div>
      <Field field="assunto" error={errors.assunto} />
      <Field field="mensagem" error={errors.mensagem} />
      {/* Where personal data is asked for, the notice of what is done with it (LGPD art. 9, docs/public-body.md). */}
      <p className="note privacy">
        Os seus dados vão só para o {namedRole('atendimento ao turista', agency.name)}, para responder à mensagem: veja o{' '}
        <a href="/privacidade">aviso de privacidade</a>.
      </p>
      <button
        type="submit"
        className="btn btn-primary"
        disabled={!(isRunning && canSend)}
        {...(canSend ? { [NEEDS_SCRIPT]: '' } : {})}
        // The directive enabled it before React came (NEEDS_SCRIPT): not a mismatch to report.
        suppressHydrationWarning
      >
        Enviar Mensagem
      </button>
      <div className="handoff" role="status">
        {handoff && (
          <p>
            {handoff.status}{' '}
            <a
              href={handoff.href}
              data-handoff={handoff.channel}
              {...(handoff.channel === 'whatsapp' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {handoff.channel === 'email' ? (
                'Abrir o e-mail novamente'
              ) : (
                <>
                  Abrir o WhatsApp novamente<span className="visually-hidden">{whatsappHint('Abrir o WhatsApp novamente')}</span>
                </>
              )}
            </a>
          </p>
        )}
      </div>
    </form>
  );
}

/** One field: its label, its control and, when it is invalid, its message after it (its description). */
function Field({ field, error }: { field: ContactField; error: string | undefined }) {
  const { label, id, type, autoComplete } = FIELDS[field];
  const errorId = `${id}-erro`;
  const described = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {type ? (
        <input type={type} autoComplete={autoComplete} id={id} name={field} required {...described} />
      ) : (
        <textarea rows={6} id={id} name={field} required {...described} />
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
