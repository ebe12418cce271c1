/* cryptospeed history FILE...: per cell the series of rates over result files
   from one host, and its change points (core/stats/changepoint.h). */
#ifndef CS_HISTORY_H
#define CS_HISTORY_H

/* The command: argv holds the arguments after "history". Returns the exit
   status (0, 1 on I/O error, 2 on bad input: a bad file, files from different
   hosts, an unknown option). */
int cs_history_main(int argc, char **argv);

#endif
