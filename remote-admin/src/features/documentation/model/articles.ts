/**
 * The help articles of the documentation screen (SPEC §2 names the sections; the text is ours).
 * Each article is paragraphs and, where it helps, numbered steps.
 */
export type ArticleBlock = string | { steps: readonly string[] };

export interface HelpArticle {
  id: string;
  title: string;
  summary: string;
  body: readonly ArticleBlock[];
}

export interface HelpSection {
  id: string;
  title: string;
  articles: readonly HelpArticle[];
}

export const HELP_SECTIONS: readonly HelpSection[] = [
  {
    id: 'accesso',
    title: 'Accesso e Dashboard',
    articles: [
      {
        id: 'login',
        title: 'Accedere alla dashboard',
        summary: 'Email, password e cosa fare se l’accesso viene bloccato.',
        body: [
          'Apri la pagina di accesso e usa la sezione «Accedi al tuo account» con l’email aziendale e la password che ti sono state assegnate. Dopo l’accesso arrivi alla Panoramica.',
          'Per proteggere il tuo account, dopo 3 tentativi con credenziali errate il modulo si blocca per 5 minuti, anche se ricarichi la pagina. Attendi e riprova con calma: un errore di connessione non conta come tentativo.',
          'Gli admin creati dal super admin ricevono una password iniziale: cambiala subito da Impostazioni App → Account. Per uscire usa Logout nel menu utente in alto a destra.',
        ],
      },
      {
        id: 'switch-business',
        title: 'Cambiare azienda',
        summary: 'Il selettore in alto decide su quale azienda lavori.',
        body: [
          'Se gestisci più punti vendita, ogni schermata (carte, campagne, messaggi, impostazioni Twilio) mostra i dati dell’azienda scelta nel selettore in alto, accanto al menu.',
          {
            steps: [
              'Apri il selettore «Seleziona store» nella barra in alto.',
              'Scegli l’azienda dall’elenco: le schermate si aggiornano subito.',
              'Per aggiungere un punto vendita vai in Impostazioni App → Aziende e compila «Nuova azienda»: diventa subito l’azienda attuale.',
            ],
          },
          'Il super admin vede tutte le aziende e può selezionare quella di un admin da Impostazioni App → Gestione Admin.',
        ],
      },
      {
        id: 'overview',
        title: 'Leggere la Panoramica',
        summary: 'I quattro indicatori, la ricerca e i grafici degli ultimi 6 mesi.',
        body: [
          'La Panoramica mostra il totale delle carte, il totale dei punti, le carte attive (con almeno un punto) e la media dei punti per carta.',
          'Nella scheda con l’elenco delle carte puoi cercare per nome o numero di carta. Nella scheda Analytics trovi la distribuzione dei punti (0, 1-50, 51-100, oltre 100), le nuove carte e i punti di ciascuno degli ultimi 6 mesi.',
        ],
      },
    ],
  },
  {
    id: 'carte',
    title: 'Gestione Carte Fedeltà',
    articles: [
      {
        id: 'issue-card',
        title: 'Emettere una carta fedeltà',
        summary: 'Dalla locandina alla cassa o direttamente da Gestione Utenti.',
        body: [
          'Ci sono due modi per dare una carta a un cliente.',
          {
            steps: [
              'Adesione in autonomia: in Impostazioni App → Aziende scarica la locandina della tua azienda e stampala. Il cliente inquadra il QR code, inserisce email, nome e telefono, accetta l’informativa sulla privacy e scarica la sua carta.',
              'Dal banco: in Gestione Utenti compila «Crea utente» con ruolo Cliente e scegli l’azienda. La carta viene creata subito e ne vedi il QR code.',
            ],
          },
          'Ogni carta ha un numero e un QR code personale: il cliente lo mostra a ogni acquisto.',
        ],
      },
      {
        id: 'add-points-qr',
        title: 'Aggiungere punti con il QR code',
        summary: 'Inquadra la carta del cliente e conferma i punti.',
        body: [
          'Il QR code della carta apre la pagina «aggiungi punti» della dashboard per quel cliente. Inquadralo con il telefono o il tablet del negozio, su cui hai già effettuato l’accesso come admin.',
          {
            steps: [
              'Inquadra il QR code sulla carta del cliente.',
              'Controlla il nome del cliente: il valore proposto è 50 punti, puoi cambiarlo (minimo 1).',
              'Conferma: il saldo si aggiorna e l’operazione resta nello storico della carta.',
            ],
          },
          'Il QR di un cliente si può scaricare di nuovo in qualsiasi momento da Gestione Utenti, colonna QR Code.',
        ],
      },
      {
        id: 'edit-points',
        title: 'Correggere i punti e cercare le carte',
        summary: 'Aggiornamenti manuali, ricerca e filtri nella pagina Carte Fedeltà.',
        body: [
          'Nella pagina Carte Fedeltà ogni carta ha i campi punti e descrizione con il pulsante «Aggiorna»: servono entrambi. Un numero negativo toglie punti (per esempio quando un premio viene riscattato); il saldo non può scendere sotto zero.',
          'Cerca per nome, numero di carta o telefono e filtra tra Tutte, Attive (con punti) e Inattive. Puoi eliminare una carta dopo la conferma.',
        ],
      },
      {
        id: 'bonus',
        title: 'Soglia bonus',
        summary: 'Premia in automatico chi raggiunge la soglia.',
        body: [
          'La soglia bonus (1000 punti se non la cambi, minimo 1) si imposta in cima alla pagina Carte Fedeltà. Quando un cliente raggiunge la soglia, o un suo multiplo, la carta mostra il badge «Bonus!» e il cliente riceve un messaggio WhatsApp con il suo nome e i suoi punti.',
          'Ogni soglia raggiunta viene notificata una sola volta. L’invio automatico richiede che WhatsApp sia abilitato per l’azienda; in caso contrario compare «WhatsApp non abilitato».',
        ],
      },
    ],
  },
  {
    id: 'comunicazioni',
    title: 'Comunicazioni e SMS Facili',
    articles: [
      {
        id: 'campaigns',
        title: 'Creare e inviare una campagna',
        summary: 'Nome, destinatari, canali e messaggio di massimo 160 caratteri.',
        body: [
          {
            steps: [
              'In Campagne premi «Crea Nuova Campagna», dai un nome (obbligatorio), una descrizione, uno stato e scegli i canali.',
              'Apri la campagna dall’elenco per inviare il messaggio: scegli il canale e scrivi il testo (al massimo 160 caratteri).',
              'L’invio parte in background, un messaggio per destinatario: puoi seguirne l’avanzamento senza restare sulla pagina.',
            ],
          },
          'Si può inviare solo su un canale abilitato per l’azienda: altrimenti compare, per esempio, «Servizio SMS non abilitato per questo business». I clienti che rispondono STOP non ricevono più messaggi.',
        ],
      },
      {
        id: 'channels',
        title: 'Canali: WhatsApp, SMS ed Email',
        summary: 'Chi li abilita e come si configurano.',
        body: [
          'I canali disponibili dipendono dal pacchetto: il super admin li abilita o disabilita per ogni azienda in Impostazioni App → Servizi.',
          'Le credenziali del fornitore (Account SID, token, numero o mittente, indirizzo email) si inseriscono in Impostazioni Twilio, dove puoi anche fare un test di connessione verso un destinatario di prova. Il token salvato non viene mai mostrato per intero.',
        ],
      },
      {
        id: 'easy-sms',
        title: 'SMS Facile',
        summary: 'Un messaggio WhatsApp a un singolo cliente, in un clic.',
        body: [
          'La pagina SMS Facile elenca le carte della tua azienda. Scrivi il testo nel riquadro della carta e premi «Invia WhatsApp»: il messaggio parte solo verso quel cliente.',
          'Il messaggio non può essere vuoto e WhatsApp deve essere abilitato per l’azienda.',
        ],
      },
    ],
  },
];

/** Questions the support team answers most often. */
export const FAQ: readonly { question: string; answer: string }[] = [
  {
    question: 'Il cliente ha perso la carta: come gliela restituisco?',
    answer:
      'Se si registra di nuovo con la stessa email nella stessa azienda riceve la stessa carta con i suoi punti. Puoi anche scaricare il suo QR da Gestione Utenti.',
  },
  {
    question: 'Perché non riesco a inviare su un canale?',
    answer:
      'Il canale deve essere abilitato dal super admin in Impostazioni App → Servizi e configurato in Impostazioni Twilio. Verifica con il test di connessione.',
  },
  {
    question: 'Il modulo di accesso è bloccato.',
    answer: 'Dopo 3 tentativi errati l’accesso si blocca per 5 minuti. Attendi e riprova, oppure contatta il supporto per reimpostare la password.',
  },
  {
    question: 'Posso gestire più punti vendita?',
    answer: 'Sì: crea un’azienda per ogni punto vendita in Impostazioni App → Aziende e passa dall’una all’altra con il selettore in alto.',
  },
  {
    question: 'Come cambio la mia password?',
    answer: 'In Impostazioni App → Account inserisci la password attuale e due volte la nuova (almeno 8 caratteri).',
  },
];
