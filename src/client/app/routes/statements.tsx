import { StatementsPage } from '../../features/statements/components/statements-page.tsx';

export default function Statements() {
  return <StatementsPage />;
}
