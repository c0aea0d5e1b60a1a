import { useState } from 'react';
import { MessageSquareText } from 'lucide-react';
import type { MessageTemplateView, TemplateId } from '#contracts/admin-reminders';
import { Banner } from '#web/ui/banner';
import { errorText } from '#web/lib/api-error';
import {
  usePreviewTemplateMutation,
  useRestoreTemplateMutation,
  useSaveTemplateMutation,
} from '../api/reminders-mutations';
import { useTemplates } from '../api/reminders-queries';
import { GhostButton, GoldButton, Panel, inputClass } from '#web/ui/panel';

function TemplateEditor({ template }: { template: MessageTemplateView }) {
  const save = useSaveTemplateMutation();
  const restore = useRestoreTemplateMutation();
  const preview = usePreviewTemplateMutation();
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? template.template;
  const input = { id: template.id, template: value };
  const error = save.isError
    ? errorText(save.error, 'Failed to save the template')
    : preview.isError
      ? errorText(preview.error, 'Failed to preview the template')
      : restore.isError
        ? errorText(restore.error, 'Failed to restore the template')
        : null;

  return (
    <div className="grid gap-3">
      <label htmlFor={`template-${template.id}`} className="text-sm font-medium text-slate-200">
        {template.name} {template.isDefault ? <span className="text-xs text-slate-400">(default)</span> : null}
      </label>
      <textarea
        id={`template-${template.id}`}
        value={value}
        rows={5}
        spellCheck={false}
        onChange={(e) => setDraft(e.target.value)}
        className={`w-full font-mono ${inputClass}`}
      />
      <ul className="flex flex-wrap gap-1.5" aria-label="Placeholders">
        {template.placeholders.map((p) => (
          <li
            key={p.name}
            title={p.description}
            className="rounded-md border border-ink-700 bg-ink-950 px-2 py-0.5 font-mono text-xs text-gold-300"
          >
            {`{${p.name}}`}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <GhostButton onClick={() => preview.mutate(input)} disabled={preview.isPending}>
          {preview.isPending ? 'Rendering…' : 'Preview'}
        </GhostButton>
        <GoldButton busy={save.isPending} onClick={() => save.mutate(input, { onSuccess: () => setDraft(null) })}>
          Save template
        </GoldButton>
        <GhostButton
          disabled={template.isDefault && draft === null}
          onClick={() => restore.mutate(template.id, { onSuccess: () => setDraft(null) })}
        >
          Restore default
        </GhostButton>
      </div>
      <div aria-live="polite" className="grid gap-2">
        {error ? <Banner kind="error">{error}</Banner> : null}
        {save.isSuccess && !error ? <Banner kind="success">{save.data.message}</Banner> : null}
        {restore.isSuccess && !error ? <Banner kind="success">{restore.data.message}</Banner> : null}
      </div>
      {preview.data ? (
        <div className="grid gap-2" data-testid="template-preview">
          <p className="text-xs text-slate-400">{preview.data.source}</p>
          {preview.data.parts.map((part, i) => (
            <pre
              key={i}
              className={
                'max-h-72 overflow-y-auto whitespace-pre-wrap break-words rounded-lg ' +
                'border border-ink-700 bg-ink-950 p-3 font-mono text-xs text-slate-200'
              }
            >
              {part}
            </pre>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** The messages the scripts and reminders post, each with its editable template (docs/reminders.md). */
export function TemplatesCard() {
  const templates = useTemplates();
  const [selected, setSelected] = useState<TemplateId>('war-reminder');
  const current = templates.data?.templates.find((t) => t.id === selected);
  return (
    <Panel title="Message templates" icon={MessageSquareText} labelId="message-templates">
      <p className="mb-3 text-sm text-slate-400">
        Placeholders in braces are filled in when the message is posted; write {'{{'} and {'}}'} for a brace. Long
        messages are split for Discord with the first line repeated.
      </p>
      {templates.isError ? (
        <Banner kind="error">{errorText(templates.error, 'Failed to load the templates')}</Banner>
      ) : null}
      {templates.data ? (
        <div className="mb-3 flex flex-wrap gap-1" role="group" aria-label="Message">
          {templates.data.templates.map((t) => (
            <button
              key={t.id}
              type="button"
              aria-pressed={t.id === selected}
              onClick={() => setSelected(t.id)}
              className={
                'rounded-lg border border-ink-700 px-3 py-1.5 text-xs font-semibold text-slate-300 ' +
                'hover:text-white aria-pressed:border-gold-400 aria-pressed:bg-gold-400 aria-pressed:text-ink-950'
              }
            >
              {t.name}
            </button>
          ))}
        </div>
      ) : null}
      {current ? <TemplateEditor key={current.id} template={current} /> : null}
    </Panel>
  );
}
