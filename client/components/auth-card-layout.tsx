// The signed-out screens' frame (sign-in, forgot and reset password): the logo home, then one centred card.
import type * as React from 'react';
import { Link } from 'wouter';
import { LogoMark, Wordmark } from './logo.tsx';
import { Card, CardContent, CardDescription, CardHeader } from './ui/card.tsx';

export function AuthCardLayout({
  title,
  description,
  children,
}: {
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-indigo-50 via-background to-background">
      <header className="mx-auto flex w-full max-w-6xl items-center px-4 py-4 sm:px-6">
        <Link
          href="/"
          className="flex items-center gap-2 rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <LogoMark className="size-8" />
          <Wordmark />
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:pt-12">
        <Card className="w-full min-w-0 max-w-md">
          <CardHeader className="text-center">
            <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
            {description && <CardDescription>{description}</CardDescription>}
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </main>
    </div>
  );
}
