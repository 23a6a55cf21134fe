import type en from "../en/sso";

/** Server messages of single sign-on (issue 23), in Italian. */
export default {
  "sso.issuerInvalid": "l'emittente deve essere un indirizzo http o https",
  "sso.httpsRequired":
    "l'emittente deve usare https (http semplice solo su un indirizzo di loopback o privato, se l'impostazione ssoAllowHttp lo consente)",
  "sso.discoveryFailed": "Il rilevamento di {{issuer}} non è riuscito: {{reason}}",
  "sso.secretRequired": "inserisci il segreto del client",
  "sso.jitOfficeRequired": "scegli la sede in cui creare i nuovi utenti",
  "sso.jitRoleRequired": "scegli il ruolo dei nuovi utenti",
  "sso.officeOutside": "la sede {{id}} non appartiene a questo tenant",
  "sso.roleOutside": "il ruolo {{id}} non appartiene a questo tenant",
  "sso.notTenant": "{{name}} non è un tenant: il single sign-on si imposta per piattaforma, agente o cliente",
  "sso.passwordOff":
    'L\'accesso con password è disattivato per la tua organizzazione: usa "Accedi con {{label}}"',
  "sso.addressRefused":
    "«{{issuer}}» è su un indirizzo che il server non può raggiungere (mai indirizzi link-local o di metadati; di loopback o privati solo se l'impostazione ssoAllowHttp lo consente)",
} satisfies Record<keyof typeof en, string>;
