import { env } from "./env.server";

/** The search-engine site-verification file, when configured (SITE_VERIFICATION_PATH/CONTENT). */
export function isVerificationPath(pathname: string): boolean {
  return Boolean(
    env.SITE_VERIFICATION_PATH && env.SITE_VERIFICATION_CONTENT && pathname === env.SITE_VERIFICATION_PATH,
  );
}

export function verificationResponse(request: Request): Response | null {
  if (!isVerificationPath(new URL(request.url).pathname)) return null;
  const type = env.SITE_VERIFICATION_PATH?.endsWith(".xml") ? "application/xml" : "text/html";
  return new Response(env.SITE_VERIFICATION_CONTENT, {
    headers: { "Content-Type": `${type}; charset=utf-8` },
  });
}
