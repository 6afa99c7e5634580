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
  const formats = [
    { format: 'csv', label: 'CSV', testId: testIds?.csv },
    { format: 'xlsx', label: 'Excel', testId: testIds?.xlsx },
  ] as const;
  return (
    <Group gap="xs" wrap="wrap">
      {formats.map((f) => (
        <Button
          key={f.format}
          component="a"
          href={exportUrl(target, f.format, filters)}
          download
          variant="light"
          size="sm"
          mih={44}
          leftSection={<DownloadIcon />}
          data-testid={f.testId}
        >
          {f.label}
          {/* Read out after the visible word: "CSV, the meetings". */}
          <VisuallyHidden>
            {', '}
            {what}
          </VisuallyHidden>
        </Button>
      ))}
    </Group>
  );
}
