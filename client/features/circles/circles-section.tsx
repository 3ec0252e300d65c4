// "Circles" in the account panel: the circles I am in (name, my role, how many members), a new one by name, and
// each one opened in its own panel. A new circle opens at once, ready for its first invitation.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { CIRCLE_NAME_MAX, CIRCLES_PER_USER_MAX } from '../../../common/limits.ts';
import type { Circle } from '../../../common/schemas/circles.ts';
import { useMyCircles } from '../../domain/sharing/circles.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { createCircle } from './circles-api.ts';
import { circleErrorMessage } from './circle-errors.ts';
import { RoleBadge, useCircleAction, useCirclesChanged } from './circle-parts.tsx';
import { CirclePanel } from './circle-panel.tsx';

export function CirclesSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const circles = useMyCircles();
  const changed = useCirclesChanged();
  const { busy, run } = useCircleAction();
  const [name, setName] = useState('');
  const [opened, setOpened] = useState<{ id: string; known?: Circle } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  // The opened circle was deleted or left: its row is going, so focus goes to the heading when its panel closes.
  const gone = useRef(false);
  const atLimit = (circles.data?.length ?? 0) >= CIRCLES_PER_USER_MAX;

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      const circle = await createCircle(name.trim());
      setName('');
      toast({ title: t('circles.created', { circle: circle.name }) });
      setOpened({ id: circle.id, known: circle });
      await changed();
    }, t('circles.createFailed'));
  }

  return (
    <section aria-labelledby={headingId}>
      <h3
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="mb-1 text-base font-semibold text-green-900 outline-none"
      >
        {t('circles.title')}
      </h3>
      <p className="mb-3 text-sm text-stone-800">{t('circles.explain')}</p>

      {circles.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : circles.isError ? (
        <div className="space-y-2">
          <p className="text-sm text-red-800">{circleErrorMessage(circles.error)}</p>
          <Button variant="secondary" onClick={() => void circles.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : circles.data.length === 0 ? (
        <p className="text-sm text-stone-700">{t('circles.none')}</p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-md border border-stone-200" aria-label={t('circles.title')}>
          {circles.data.map((circle) => (
            <li key={circle.id}>
              <button
                type="button"
                onClick={() => setOpened({ id: circle.id, known: circle })}
                className="flex w-full flex-wrap items-center gap-x-2 gap-y-1 px-3 py-3 text-left hover:bg-stone-50 focus-visible:bg-stone-50"
              >
                <span className="min-w-0 flex-1 font-medium break-words text-green-900 underline-offset-2 hover:underline">
                  {circle.name}
                </span>
                <RoleBadge role={circle.role} />
                <span className="text-sm text-stone-700">
                  {t('circles.memberCount', { count: circle.member_count })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}

      <form onSubmit={submit} className="mt-4 space-y-3">
        <Field label={t('circles.newName')} hint={t('circles.newNameHint')}>
          {(id, describedBy) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              required
              maxLength={CIRCLE_NAME_MAX}
              autoComplete="off"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        {atLimit && <p className="text-sm text-stone-700">{t('circles.atLimit', { max: CIRCLES_PER_USER_MAX })}</p>}
        <Button type="submit" disabled={busy || atLimit} aria-busy={busy}>
          {busy && <Spinner />}
          {t('circles.create')}
        </Button>
      </form>

      {opened && (
        <CirclePanel
          circleId={opened.id}
          known={opened.known}
          onClose={() => setOpened(null)}
          onGone={() => {
            gone.current = true;
            setOpened(null);
          }}
          onCloseAutoFocus={(event) => {
            if (!gone.current) return;
            gone.current = false;
            event.preventDefault();
            heading.current?.focus();
          }}
        />
      )}
    </section>
  );
}
