import { Explorer } from '@/components/explorer/explorer';

export default function HomePage() {
  return <Explorer />;
}
