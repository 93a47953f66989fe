import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { AppPage, AppPageHeader } from '../../components/layout/app-shell';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { isDateKey } from '../../../contracts/input-policy';
import { DayContent } from '../dashboard/day-dialog';
import { addDays } from '../dashboard/period';
import { formatDayLong } from '../dashboard/dashboard-format';

/** /journal/:date: one day's closed trades and its journal, with the days before and after a click away. */
export default function JournalDayPage() {
  const { date = '' } = useParams<{ date: string }>();
  if (!isDateKey(date))
    return (
      <AppPage>
        <AppPageHeader title="Not a day" intro={`“${date}” is not a date such as 2025-01-16.`} />
        <p className="mt-4 text-sm">
          <Link href="/journal" className="text-accent underline-offset-2 hover:underline">
            Back to the journal
          </Link>
        </p>
      </AppPage>
    );
  return (
    <AppPage>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/journal" className="text-accent underline-offset-2 hover:underline">
          Journal
        </Link>
      </nav>
      <AppPageHeader
        title={formatDayLong(date)}
        intro="The trades closed this day and your plan and review."
        actions={
          <>
            <Link href={`/journal/${addDays(date, -1)}`} className={buttonClass('secondary', 'sm')}>
              <ChevronLeft className="h-4 w-4" aria-hidden="true" />
              Previous day
            </Link>
            <Link href={`/journal/${addDays(date, 1)}`} className={buttonClass('secondary', 'sm')}>
              Next day
              <ChevronRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </>
        }
      />
      <Card className="mt-6">
        <DayContent key={date} date={date} />
      </Card>
    </AppPage>
  );
}
