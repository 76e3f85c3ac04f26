export { ReportButton } from './ui/report-button';
export { ReportDialog } from './ui/report-dialog';
export { REPORT_TEXTS } from './lib/report-form';
