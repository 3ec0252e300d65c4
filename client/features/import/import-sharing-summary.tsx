// What an import will share with whom (issue #20, ADR 0056): the spots grouped by the sharing each will get — the
// forager's choice, narrowed by what the file says of each spot, by the server's own rule (common/import-sharing.ts).
import { useTranslation } from '../../i18n/use-translation.ts';
import { importedSharing, type ImportSharing } from '../../../common/import-sharing.ts';
import type { ImportSpot } from '../../../common/schemas/import.ts';
import { useMyCircles } from '../../domain/sharing/circles.ts';
import { circleNames } from '../../domain/sharing/sharing.ts';
import { whoText } from '../../domain/sharing/sharing-choice.ts';

type Group = { sharing: ImportSharing; count: number };

/** The spots to import, grouped by the sharing each will get, the widest first. */
export function sharingGroups(spots: ImportSpot[], choice: ImportSharing): Group[] {
  const groups = new Map<string, Group>();
  for (const spot of spots) {
    const sharing = importedSharing(choice, spot);
    const key = `${sharing.audience}|${sharing.precision}|${sharing.circle_ids.join(',')}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { sharing, count: 1 });
  }
  const order = { public: 0, circles: 1, private: 2 };
  return [...groups.values()].sort((a, b) => order[a.sharing.audience] - order[b.sharing.audience]);
}

export function ImportSharingSummary({ spots, choice }: { spots: ImportSpot[]; choice: ImportSharing }) {
  const { t, i18n } = useTranslation();
  const circles = useMyCircles();
  const groups = sharingGroups(spots, choice);
  // The file had its say on some spot: tell how (only ever narrower than the choice).
  const fileNarrows = spots.some((spot) => spot.file_audience === 'private' || spot.file_audience === 'circles');
  return (
    <div className="space-y-1">
      <ul className="list-disc space-y-1 pl-5">
        {groups.map(({ sharing, count }) => (
          <li key={`${sharing.audience}|${sharing.precision}`}>
            {sharing.audience === 'private'
              ? t('import.onlyYou', { count })
              : t('import.willSee', {
                  count,
                  who: whoText(
                    sharing.audience,
                    circleNames(sharing.circle_ids, circles.data),
                    t,
                    i18n.resolvedLanguage ?? 'en',
                  ),
                  how: t(`import.how.${sharing.precision}`),
                })}
          </li>
        ))}
      </ul>
      {fileNarrows && <p>{t('import.fileNarrows')}</p>}
    </div>
  );
}
