import { Command, Option } from "commander";
import type { CrmDatabase } from "../../core/database/open.ts";
import { notFound } from "../../core/errors.ts";
import { changeRole, setUserActive } from "../../core/users/team.ts";
import { USER_ROLES } from "../../contracts/auth.ts";
import { createUser, findUserByEmail, listUsers, setUserPassword } from "../../core/users/users.ts";
import { withDatabase, withDataDir } from "../data-dir.ts";
import { createTable } from "../table.ts";

export function userCommand(): Command {
  const user = new Command("user").description("manage the staff who sign in");

  user.addCommand(
    withDataDir(
      new Command("add")
        .description("create a user; a password is generated and printed when --password is not given")
        .requiredOption("--email <email>", "sign-in e-mail")
        .requiredOption("--name <name>", "full name")
        .addOption(new Option("--role <role>", "what the user may do").choices(USER_ROLES).makeOptionMandatory())
        .option("--password <password>", "initial password (at least 8 characters)"),
    ).action((options: { email: string; name: string; role: string; password?: string; dataDir?: string }) =>
      withDatabase(options, async ({ db }) => {
        const created = await createUser(db, options);
        process.stdout.write(`Created ${created.user.role} ${created.user.name} <${created.user.email}>\n`);
        if (!options.password) process.stdout.write(`Password: ${created.password}\n`);
      }),
    ),
  );

  user.addCommand(
    withDataDir(new Command("list").description("list users")).action((options: { dataDir?: string }) =>
      withDatabase(options, ({ db }) => {
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
        .description("set a user's password and sign them out everywhere; a password is generated when --password is not given")
        .requiredOption("--email <email>", "the user's e-mail")
        .option("--password <password>", "the new password (at least 8 characters)"),
    ).action((options: { email: string; password?: string; dataDir?: string }) =>
      withDatabase(options, async ({ db }) => {
        const { user: changed, password } = await setUserPassword(db, options.email, options.password);
        process.stdout.write(`Password changed for ${changed.email}\n`);
        if (!options.password) process.stdout.write(`Password: ${password}\n`);
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
        const changed = changeRole(db, requireUserId(db, options.email), options.role);
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
          const changed = setUserActive(db, requireUserId(db, options.email), active);
          process.stdout.write(`${changed.email} is now ${changed.active ? "active" : "deactivated"}\n`);
        }),
      ),
    );
  }
  return user;
}

function requireUserId(db: CrmDatabase, email: string): number {
  const found = findUserByEmail(db, email);
  if (!found) throw notFound(`No user with e-mail ${email.trim().toLowerCase()}`);
  return found.id;
}
