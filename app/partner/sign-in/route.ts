import { signIn } from '@/lib/dashboard/sign-in';

export function POST(request: Request): Promise<Response> {
  return signIn(request);
}
