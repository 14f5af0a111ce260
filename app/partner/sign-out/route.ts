import { signOut } from '@/lib/dashboard/sign-in';

export function POST(request: Request): Promise<Response> {
  return signOut(request);
}
