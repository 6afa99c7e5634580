import { Button, Group, VisuallyHidden } from '@mantine/core';
import { type ExportTarget, exportUrl, type ReportFilters } from './api.ts';

function DownloadIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M12 4v11m0 0-4-4m4 4 4-4M5 19h14" />
    </svg>
  );
}

/**
 * CSV and XLSX links of a report with its current filters: plain same-origin GETs the browser downloads (the session
 * cookie goes with them). `what` names the report for screen readers ("CSV, the meetings").
 */
export function ExportLinks({
  target,
  filters,
  what,
  testIds,
}: {
  target: ExportTarget;
  filters: ReportFilters;
  what: string;
  testIds?: { csv?: string; xlsx?: string };
}) {
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        component="a"
        href={exportUrl(target, 'csv', filters)}
        download
        variant="light"
        size="sm"
        mih={44}
        leftSection={<DownloadIcon />}
        data-testid={testIds?.csv}
      >
        CSV
        {/* Read out after the visible word: "CSV, the meetings". */}
        <VisuallyHidden>
          {', '}
          {what}
        </VisuallyHidden>
      </Button>
      <Button
        component="a"
        href={exportUrl(target, 'xlsx', filters)}
        download
        variant="light"
        size="sm"
        mih={44}
        leftSection={<DownloadIcon />}
        data-testid={testIds?.xlsx}
      >
        Excel
        <VisuallyHidden>
          {', '}
          {what}
        </VisuallyHidden>
      </Button>
    </Group>
  );
}
