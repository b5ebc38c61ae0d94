/**
 * The contact form with its rules (docs/product.md) and the hand-off: the site has no server, so a
 * valid message opens the visitor's e-mail program (mailto: with subject and body) or, when the
 * agency has only a phone, WhatsApp with the text. Server-rendered as the form with its button
 * disabled until this island runs: a form whose action is mailto: is mixed content on an HTTPS page,
 * and Chrome answers its submission with a full-page 'Form is not secure' warning (and the text
 * garbled). A note gives the agency's e-mail as a link, also for a browser without JavaScript.
 * Inputs are uncontrolled: what the visitor typed is never reset by a render.
 */
import { type FormEvent, useEffect, useState } from 'react';
import {
  type ContactField,
  type ContactFields,
  type ContactHandoff,
  contactHandoff,
  firstInvalidField,
  validateContact,
} from '../lib/contact/contact.ts';

interface Props {
  /** The agency's name ('Atendimento' by default). */
  agencyName: string;
  email: string | null;
  phone: string | null;
}

const ID: Record<ContactField, string> = {
  nome: 'contato-nome',
  email: 'contato-email',
  assunto: 'contato-assunto',
  mensagem: 'contato-mensagem',
};
const errorId = (field: ContactField) => `${ID[field]}-erro`;

function readFields(form: HTMLFormElement): ContactFields {
  const data = new FormData(form);
  const text = (name: ContactField) => String(data.get(name) ?? '');
  return { nome: text('nome'), email: text('email'), assunto: text('assunto'), mensagem: text('mensagem') };
}

export default function ValidatedContactForm({ agencyName, email, phone }: Props) {
  const [isEnhanced, setEnhanced] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [handoff, setHandoff] = useState<ContactHandoff | null>(null);
  useEffect(() => setEnhanced(true), []);

  const canSend = isEnhanced && (Boolean(email) || Boolean(phone));
  const note = email
    ? 'Ao enviar, seu programa de e-mail abrirá com a mensagem pronta. Todos os campos são obrigatórios.'
    : canSend
      ? 'Ao enviar, o WhatsApp abrirá com a mensagem pronta. Todos os campos são obrigatórios.'
      : 'O envio por e-mail não está disponível no momento: use o telefone ou as redes sociais ao lado. Todos os campos são obrigatórios.';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = readFields(form);
    const found = validateContact(fields);
    setErrors(found);
    const first = firstInvalidField(found);
    if (first) {
      setHandoff(null);
      form.querySelector<HTMLElement>(`#${ID[first]}`)?.focus();
      return;
    }
    const next = contactHandoff({ name: agencyName, email, phone }, fields);
    setHandoff(next);
    if (!next) return;
    if (next.channel === 'email') window.location.href = next.href;
    else window.open(next.href, '_blank', 'noopener,noreferrer');
  };

  // A corrected field loses its message at once; other messages wait for the next submit.
  const onInput = (field: ContactField, form: HTMLFormElement | null) => {
    if (!errors[field] || !form) return;
    const message = validateContact(readFields(form))[field];
    if (message !== errors[field]) setErrors((current) => ({ ...current, [field]: message }));
  };

  const fieldProps = (field: ContactField) => ({
    id: ID[field],
    name: field,
    required: true,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? errorId(field) : undefined,
    onInput: (event: FormEvent<HTMLInputElement | HTMLTextAreaElement>) => onInput(field, event.currentTarget.form),
  });
  const message = (field: ContactField) =>
    errors[field] ? (
      <p id={errorId(field)} className="field-error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form
      className="card contact-form"
      noValidate={isEnhanced}
      onSubmit={onSubmit}
      aria-labelledby="contact-form-title"
      aria-describedby="contact-form-note"
    >
      <h2 id="contact-form-title">Envie uma mensagem</h2>
      <p id="contact-form-note" className="note">
        {note}
      </p>
      {/* Also for a browser without JavaScript (or still waiting for it), whose button stays disabled; kept after, so nothing moves. */}
      {email && (
        <p className="note">
          Se preferir, escreva direto para <a href={`mailto:${email}`}>{email}</a>.
        </p>
      )}
      <div className="row">
        <div className="field">
          <label htmlFor={ID.nome}>Nome</label>
          <input type="text" autoComplete="name" {...fieldProps('nome')} />
          {message('nome')}
        </div>
        <div className="field">
          <label htmlFor={ID.email}>E-mail</label>
          <input type="email" autoComplete="email" {...fieldProps('email')} />
          {message('email')}
        </div>
      </div>
      <div className="field">
        <label htmlFor={ID.assunto}>Assunto</label>
        <input type="text" {...fieldProps('assunto')} />
        {message('assunto')}
      </div>
      <div className="field">
        <label htmlFor={ID.mensagem}>Mensagem</label>
        <textarea rows={6} {...fieldProps('mensagem')} />
        {message('mensagem')}
      </div>
      <button type="submit" className="btn btn-primary" disabled={!canSend}>
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
              {handoff.channel === 'email' ? 'Abrir o e-mail novamente' : 'Abrir o WhatsApp novamente'}
            </a>
          </p>
        )}
      </div>
    </form>
  );
}
