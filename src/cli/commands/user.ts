import { COMMAND_LINE } from "../../core/changes/actor.ts";
import { Command, Option } from "commander";
import type { CrmDatabase } from "../../core/database/open.ts";
import { notFound } from "../../core/errors.ts";
import { changeRole, setUserActive } from "../../core/team/team.ts";
import { PASSWORD_MIN_LENGTH, USER_ROLES } from "../../contracts/auth.ts";
import { createUser, findUserByEmail, listUsers, setUserPassword } from "../../core/users/users.ts";
import { inviteUser } from "../../core/team/invitations.ts";
import { outgoingMailOf } from "../../core/outgoing-mail/send-mail.ts";
import { withDatabase, withDataDir } from "../data-dir.ts";
import { createTable } from "../table.ts";

export function userCommand(): Command {
  const user = new Command("user").description("manage the staff who sign in");

  user.addCommand(
    withDataDir(
      new Command("add")
        .description(
          "create a user; without --password they are invited by e-mail when the CRM sends e-mail (CRM_MAIL_SMTP and CRM_PUBLIC_URL), otherwise a one-time password is generated and printed, which they replace at first sign-in",
        )
        .requiredOption("--email <email>", "sign-in e-mail")
        .requiredOption("--name <name>", "full name")
        .addOption(new Option("--role <role>", "what the user may do").choices(USER_ROLES).makeOptionMandatory())
        .option("--password <password>", `their password (at least ${PASSWORD_MIN_LENGTH} characters, not a common one)`),
    ).action((options: { email: string; name: string; role: string; password?: string; dataDir?: string }) =>
      withDatabase(options, async ({ db }) => {
        if (options.password) {
          const created = await createUser(db, options);
          process.stdout.write(`Created ${created.user.role} ${created.user.name} <${created.user.email}>\n`);
          return;
        }
        const mail = outgoingMailOf(process.env);
        const invitation = await inviteUser(db, options, COMMAND_LINE, { mailer: mail?.mailer ?? null, baseUrl: mail?.settings.publicUrl ?? null });
        process.stdout.write(`Created ${invitation.user.role} ${invitation.user.name} <${invitation.user.email}>\n`);
        if (invitation.invitationSentTo) process.stdout.write(`Invitation sent to ${invitation.invitationSentTo}, with a link to choose their password.\n`);
        if (invitation.mailFailure) process.stdout.write(`${invitation.mailFailure}.\n`);
        else if (mail && !mail.settings.publicUrl) process.stdout.write("No invitation e-mailed: set CRM_PUBLIC_URL to the address staff open the CRM at, for its link.\n");
        if (invitation.password) printOneTimePassword(invitation.password);
      }),
    ),
  );

  user.addCommand(
    withDataDir(new Command("list").description("list users").option("--json", "print the users as JSON on stdout")).action((options: { dataDir?: string; json?: boolean }) =>
      withDatabase(options, ({ db }) => {
        if (options.json) {
          process.stdout.write(`${JSON.stringify(listUsers(db))}\n`);
          return;
        }
        const table = createTable(["ID", "Name", "E-mail", "Role", "Active", "Created"]);
        for (const row of listUsers(db)) {
          table.push([row.id, row.name, row.email, row.role, row.active ? "yes" : "no", row.createdAt.toISOString().slice(0, 10)]);
        }
        process.stdout.write(`${table.toString()}\n`);
      }),
    ),
  );

  user.addCommand(
    withDataDir(
      new Command("set-password")
        .description("set a user's password and sign them out everywhere; without --password a one-time password is generated, which they replace at sign-in")
        .requiredOption("--email <email>", "the user's e-mail")
        .option("--password <password>", `the new password (at least ${PASSWORD_MIN_LENGTH} characters, not a common one)`),
    ).action((options: { email: string; password?: string; dataDir?: string }) =>
      withDatabase(options, async ({ db }) => {
        const { user: changed, password } = await setUserPassword(db, options.email, options.password);
        process.stdout.write(`Password changed for ${changed.email}\n`);
        if (!options.password) printOneTimePassword(password);
      }),
    ),
  );
  user.addCommand(
    withDataDir(
      new Command("set-role")
        .description("change a user's role; the last active administrator cannot be demoted")
        .requiredOption("--email <email>", "the user's e-mail")
        .addOption(new Option("--role <role>", "the new role").choices(USER_ROLES).makeOptionMandatory()),
    ).action((options: { email: string; role: string; dataDir?: string }) =>
      withDatabase(options, ({ db }) => {
        const changed = changeRole(db, requireUserId(db, options.email), options.role, COMMAND_LINE);
        process.stdout.write(`${changed.email} is now ${changed.role}\n`);
      }),
    ),
  );

  for (const [name, active] of [["deactivate", false], ["reactivate", true]] as const) {
    user.addCommand(
      withDataDir(
        new Command(name)
          .description(active ? "let a deactivated user sign in again" : "stop a user signing in and end their sessions at once")
          .requiredOption("--email <email>", "the user's e-mail"),
      ).action((options: { email: string; dataDir?: string }) =>
        withDatabase(options, ({ db }) => {
          const changed = setUserActive(db, requireUserId(db, options.email), active, COMMAND_LINE);
          process.stdout.write(`${changed.email} is now ${changed.active ? "active" : "deactivated"}\n`);
        }),
      ),
    );
  }
  return user;
}

/** A generated password is handed over once: the admin is told it only lets the user choose their own. */
function printOneTimePassword(password: string): void {
  process.stdout.write(`Password: ${password}\nIt is a one-time password: they choose their own when they sign in with it.\n`);
}

function requireUserId(db: CrmDatabase, email: string): number {
  const found = findUserByEmail(db, email);
  if (!found) throw notFound(`No user with e-mail ${email.trim().toLowerCase()}`);
  return found.id;
}
